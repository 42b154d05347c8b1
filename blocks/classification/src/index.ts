export { classification as block } from './classification';
