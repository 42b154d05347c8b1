export { pdfSummarization as block } from './pdf-summarization';
export { extractPdfText, type PdfText } from './extract-pdf-text';
