export { collect as block } from './collect';
