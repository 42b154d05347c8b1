export { extractFile as block } from './extract-file';
/** The readers, for other parts of Blocksmith that read documents the same way (knowledge bases). */
export { readDocumentText, type ReadLimits } from './read-document-text';
