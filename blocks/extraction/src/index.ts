export { extraction as block } from './extraction';
