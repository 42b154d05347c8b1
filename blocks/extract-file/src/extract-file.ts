import { defineBlock, field, output, readUpstreamFile, type FileSources } from '@blocksmith/block-sdk';
import { EXTRACT_CHOICES, fileContent } from './file-content';
import { LIMITS, formatCount } from './limits';
import { HEADER_CHOICES } from './table-of-grid';

/** A File Upload hands on the kept file's url as `file_url` (`file_url_2`, ... when there are several). */
const FILE_SOURCES: FileSources = { kinds: ['fileUpload'], outputs: ['file_url'] };

export const extractFile = defineBlock({
  kind: 'extractFile',
  name: 'Extract from File',
  description:
    'Reads an uploaded file as rows (CSV, TSV, XLSX, JSON, JSON Lines) or as text (PDF, DOCX, Markdown, HTML, plain text), for a For Each or an AI block.',
  category: 'ai',
  // The block SDK lets only blocks that steer a run (routes, loops) be free among AI Logic blocks;
  // like HTTP Request and Code, which call no AI either, it costs 1 credit.
  cost: 1,
  settings: {
    extract: field.select({
      label: 'Extract',
      options: EXTRACT_CHOICES,
      default: 'auto',
      help: 'Automatic: rows from CSV, TSV, XLSX, JSON and JSON Lines files, text from PDF, DOCX, Markdown, HTML and plain text files.',
    }),
    header: field.select({
      label: 'First row',
      options: HEADER_CHOICES,
      default: 'auto',
      help: 'CSV, TSV and XLSX: whether the first row names the columns. Detect: it does when every cell is filled, none repeats, and none is a number or a date.',
    }),
    sheet: field.text({
      label: 'Sheet',
      default: '',
      required: false,
      help: 'XLSX: the name of the sheet to read; empty reads the first one.',
    }),
    max_rows: field.number({
      label: 'Most rows',
      min: 1,
      max: LIMITS.rows,
      default: 1000,
      integer: true,
      help: `A table with more rows is refused, saying so (at most ${formatCount(LIMITS.rows)}). Files are read up to ${LIMITS.bytes / (1024 * 1024)} MB, and text up to ${formatCount(LIMITS.textChars)} characters.`,
    }),
  },
  outputs: {
    extracted: output.json('The rows (a list of { column: value }), or the text of a document'),
    file_rows: output.json('The rows, each { column: value }; null when the file was read as text'),
    file_text: output.text('The text of the file; empty when it was read as rows'),
    file_columns: output.list('The column names, in order'),
    row_count: output.number('How many rows were read (0 for text)'),
  },
  present: [
    { output: 'file_rows', title: 'Rows', views: [{ view: 'table' }] },
    { output: 'file_text', title: 'Text', views: [{ view: 'text' }] },
  ],
  async run(ctx) {
    const file = await readUpstreamFile(ctx, {
      from: FILE_SOURCES,
      messages: {
        notConnected: 'Connect a File Upload block whose file Extract from File should read.',
        noFile: 'No file was uploaded. Choose a file and run the app again.',
        notAFile: 'The connected value is not an uploaded file: connect a File Upload block.',
        notFound: 'The uploaded file could not be found. Upload it again and rerun the app.',
      },
    });
    const content = await fileContent(
      { name: file.ref.name, mime: file.ref.mime, data: file.data },
      {
        extract: ctx.settings.extract,
        header: ctx.settings.header,
        sheet: ctx.settings.sheet,
        maxRows: ctx.settings.max_rows,
        signal: ctx.signal,
      },
    );
    if (content.as === 'text') {
      const columns: string[] = [];
      return {
        extracted: content.text,
        file_rows: null,
        file_text: content.text,
        file_columns: columns,
        row_count: 0,
      };
    }
    ctx.progress(`Read ${formatCount(content.rows.length)} rows from "${file.ref.name}".`);
    return {
      extracted: content.rows,
      file_rows: content.rows,
      file_text: '',
      file_columns: content.columns,
      row_count: content.rows.length,
    };
  },
});
