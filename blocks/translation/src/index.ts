export { translation as block } from './translation';
