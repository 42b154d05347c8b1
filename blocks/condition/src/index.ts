export { condition as block } from './condition';
