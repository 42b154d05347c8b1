export { tableDisplay as block } from './table-display';
