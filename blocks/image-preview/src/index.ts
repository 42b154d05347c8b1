export { imagePreview as block } from './image-preview';
