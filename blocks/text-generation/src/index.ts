export { textGeneration as block } from './text-generation';
