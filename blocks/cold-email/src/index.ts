export { coldEmail as block } from './cold-email';
