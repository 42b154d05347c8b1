export { downloadFile as block } from './download-file';
