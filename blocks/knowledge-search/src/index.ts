export { knowledgeSearch as block } from './knowledge-search';
