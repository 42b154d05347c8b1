export { textInput as block } from './text-input';
