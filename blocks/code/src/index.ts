export { code as block } from './code';
