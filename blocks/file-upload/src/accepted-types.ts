/** The extensions and media types one accepted-types choice lets through. */
export type FileKinds = { extensions: string[]; mimeTypes: string[] };

const PDF_FILES: FileKinds = { extensions: ['.pdf'], mimeTypes: ['application/pdf'] };
const IMAGE_FILES: FileKinds = {
  extensions: ['.jpg', '.jpeg', '.png', '.gif'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
};
const TEXT_FILES: FileKinds = {
  extensions: ['.txt', '.csv', '.md', '.json'],
  // Windows browsers with a spreadsheet program installed label .csv files as Excel sheets.
  mimeTypes: [
    'text/plain',
    'text/csv',
    'text/markdown',
    'text/x-markdown',
    'application/json',
    'application/vnd.ms-excel',
  ],
};
/** Tables and documents Extract from File reads besides the text files. */
const DATA_FILES: FileKinds = {
  extensions: ['.tsv', '.xlsx', '.jsonl', '.ndjson', '.docx', '.html', '.htm'],
  mimeTypes: [
    'text/tab-separated-values',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/jsonl',
    'application/x-ndjson',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/html',
  ],
};
const ALL_FILES: FileKinds = {
  extensions: [
    ...PDF_FILES.extensions,
    ...IMAGE_FILES.extensions,
    ...TEXT_FILES.extensions,
    ...DATA_FILES.extensions,
  ],
  mimeTypes: [
    ...PDF_FILES.mimeTypes,
    ...IMAGE_FILES.mimeTypes,
    ...TEXT_FILES.mimeTypes,
    ...DATA_FILES.mimeTypes,
  ],
};

/**
 * The choices of the file upload's "Accepted types" setting. Each carries the extensions and media
 * types it allows in `meta`, so the server, the runner page and the block enforce one declaration.
 */
export const ACCEPTED_TYPES = [
  { value: 'pdf', label: 'PDF documents', meta: PDF_FILES },
  { value: 'image', label: 'Images (JPG, PNG, GIF)', meta: IMAGE_FILES },
  { value: 'text', label: 'Text files (TXT, CSV, MD, JSON)', meta: TEXT_FILES },
  { value: 'all', label: 'All supported files', meta: ALL_FILES },
  { value: 'pdfOnly', label: 'PDF only', meta: PDF_FILES },
] as const;

export type AcceptedType = (typeof ACCEPTED_TYPES)[number]['value'];
