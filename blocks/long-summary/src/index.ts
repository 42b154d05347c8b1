export { longSummary as block } from './long-summary';
