export { pdfSummarization as block } from './pdf-summarization';
