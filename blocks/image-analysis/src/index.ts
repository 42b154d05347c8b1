export { imageAnalysis as block } from './image-analysis';
