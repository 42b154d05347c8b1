export { agent as block } from './agent';
