export { comparison as block } from './comparison';
