export { approval as block } from './approval';
