export { httpRequest as block } from './http-request';
