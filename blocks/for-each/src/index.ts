export { forEach as block } from './for-each';
