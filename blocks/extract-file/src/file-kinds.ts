import { BlockInputError, bareMime, joinList, type FileRef } from '@blocksmith/block-sdk';

/** The kinds of file Extract from File reads. */
export type FileKind =
  'csv' | 'tsv' | 'xlsx' | 'json' | 'jsonl' | 'pdf' | 'docx' | 'markdown' | 'html' | 'text';

interface KindDeclaration {
  kind: FileKind;
  label: string;
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** Whether the file holds rows (a table or a list of records) rather than running text. */
  tabular: boolean;
}

/** One declaration per kind: how it is recognised and named. Order is the order errors list them. */
export const FILE_KINDS: readonly KindDeclaration[] = [
  {
    kind: 'csv',
    label: 'CSV',
    extensions: ['.csv'],
    mimeTypes: ['text/csv', 'application/csv', 'application/vnd.ms-excel'],
    tabular: true,
  },
  {
    kind: 'tsv',
    label: 'TSV',
    extensions: ['.tsv', '.tab'],
    mimeTypes: ['text/tab-separated-values'],
    tabular: true,
  },
  {
    kind: 'xlsx',
    label: 'Excel (XLSX)',
    extensions: ['.xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    tabular: true,
  },
  { kind: 'json', label: 'JSON', extensions: ['.json'], mimeTypes: ['application/json'], tabular: true },
  {
    kind: 'jsonl',
    label: 'JSON Lines',
    extensions: ['.jsonl', '.ndjson'],
    mimeTypes: ['application/jsonl', 'application/x-ndjson', 'application/x-jsonlines'],
    tabular: true,
  },
  { kind: 'pdf', label: 'PDF', extensions: ['.pdf'], mimeTypes: ['application/pdf'], tabular: false },
  {
    kind: 'docx',
    label: 'Word (DOCX)',
    extensions: ['.docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    tabular: false,
  },
  {
    kind: 'markdown',
    label: 'Markdown',
    extensions: ['.md', '.markdown'],
    mimeTypes: ['text/markdown', 'text/x-markdown'],
    tabular: false,
  },
  {
    kind: 'html',
    label: 'HTML',
    extensions: ['.html', '.htm'],
    mimeTypes: ['text/html', 'application/xhtml+xml'],
    tabular: false,
  },
  { kind: 'text', label: 'plain text', extensions: ['.txt'], mimeTypes: ['text/plain'], tabular: false },
];

/** "CSV, TSV, ..., HTML and plain text": what the block reads, for its messages. */
export const READABLE_KINDS = joinList(FILE_KINDS.map((k) => k.label));

export function kindDeclaration(kind: FileKind): KindDeclaration {
  return FILE_KINDS.find((k) => k.kind === kind)!;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

function startsWith(data: Uint8Array, magic: string): boolean {
  return magic.split('').every((char, i) => data[i] === char.charCodeAt(0));
}

/**
 * What kind of file this is: by its extension, else by its media type, else (for a file kept
 * without either) by its first bytes. A file of any other kind is refused, naming those it reads.
 */
export function fileKindOf(ref: Pick<FileRef, 'name' | 'mime'>, data: Uint8Array): FileKind {
  const extension = extensionOf(ref.name);
  const byExtension = FILE_KINDS.find((k) => k.extensions.includes(extension));
  if (byExtension) return byExtension.kind;
  const mime = bareMime(ref.mime);
  // A CSV saved by a browser with Excel installed says it is an old Excel sheet: only its extension counts.
  const byMime = FILE_KINDS.find((k) => k.mimeTypes.includes(mime) && mime !== 'application/vnd.ms-excel');
  if (byMime && extension === '') return byMime.kind;
  if (extension === '' && startsWith(data, '%PDF-')) return 'pdf';
  const what = extension === '' ? (mime === '' ? 'of an unknown type' : mime) : `a ${extension} file`;
  throw new BlockInputError(
    `"${ref.name}" is ${what}, which this block cannot read. It reads ${READABLE_KINDS} files: upload one of those, or save the file in one of those formats first.`,
  );
}
