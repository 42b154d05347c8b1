export { imageGenerator as block } from './image-generator';
