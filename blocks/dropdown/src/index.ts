export { dropdown as block } from './dropdown';
