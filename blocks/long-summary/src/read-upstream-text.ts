import {
  BlockInputError,
  bareMime,
  isFileSource,
  readKeptFile,
  valueAsText,
  type FileSources,
  type UpstreamFileContext,
  type UpstreamValue,
} from '@blocksmith/block-sdk';

/** A File Upload block hands on the kept file's url as `file_url` (`file_url_2`, ... when there are several). */
const FILE_UPLOAD_SOURCES: FileSources = { kinds: ['fileUpload'], outputs: ['file_url'] };
const TEXT_MIME = /^(text\/[\w.+-]+|application\/(json|xml|csv|x-ndjson))$/;
const TEXT_FILE_NAME = /\.(txt|csv|md|markdown|json)$/i;

function isFileUpload(upstream: UpstreamValue): upstream is UpstreamValue & { value: string } {
  return typeof upstream.value === 'string' && isFileSource(upstream, FILE_UPLOAD_SOURCES);
}

/**
 * The text to summarise: the directly connected blocks' values joined by blank lines, like
 * `ctx.primaryText()`, except that a connected File Upload's text file is read and its contents used.
 */
export async function readUpstreamText(ctx: UpstreamFileContext): Promise<string> {
  if (ctx.upstream.length === 0) {
    throw new BlockInputError(
      'Connect a block that provides the text to summarise, such as Text Input or File Upload with a text file.',
    );
  }
  const texts = await Promise.all(
    ctx.upstream.map((u) => (isFileUpload(u) ? readTextFile(ctx, u.value) : valueAsText(u.value))),
  );
  const text = texts
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .join('\n\n');
  if (text === '') {
    throw new BlockInputError(
      'The connected block gave no text to summarise. Fill in the input and run again.',
    );
  }
  return text;
}

async function readTextFile(ctx: UpstreamFileContext, url: string): Promise<string> {
  if (url.trim() === '') return '';
  const file = await readKeptFile(
    ctx,
    url.trim(),
    'The uploaded file could not be found. Upload it again and rerun the app.',
  );
  const { name } = file.ref;
  const mime = bareMime(file.ref.mime);
  if (mime === 'application/pdf') {
    throw new BlockInputError(`"${name}" is a PDF. Use the PDF Summary block to summarise PDF files.`);
  }
  if (!TEXT_MIME.test(mime) && !TEXT_FILE_NAME.test(name)) {
    throw new BlockInputError(
      `Long Summary reads text files (TXT, CSV, MD, JSON), but "${name}" is ${mime || 'of an unknown type'}. Upload a text file instead.`,
    );
  }
  return new TextDecoder('utf-8').decode(file.data);
}
