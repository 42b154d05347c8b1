export { textDisplay as block } from './text-display';
