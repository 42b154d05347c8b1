export { chatInput as block } from './chat-input';
