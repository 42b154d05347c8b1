export { router as block } from './router';
