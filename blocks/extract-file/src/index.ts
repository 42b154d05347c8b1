export { extractFile as block } from './extract-file';
