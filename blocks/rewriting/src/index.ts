export { rewriting as block } from './rewriting';
