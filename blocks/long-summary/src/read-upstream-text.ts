import {
  BlockError,
  BlockInputError,
  valueAsText,
  type RunContext,
  type UpstreamValue,
} from '@blocksmith/block-sdk';

/** A File Upload block hands on the kept file's url as `file_url` (`file_url_2`, ... when there are several). */
const FILE_UPLOAD_KIND = 'fileUpload';
const FILE_URL_NAME = /^file_url(_\d+)?$/;
const TEXT_MIME = /^(text\/[\w.+-]+|application\/(json|xml|csv|x-ndjson))$/;
const TEXT_FILE_NAME = /\.(txt|csv|md|markdown|json)$/i;

type UpstreamContext = Pick<RunContext<unknown>, 'upstream' | 'files'>;

function isFileUpload(upstream: UpstreamValue): upstream is UpstreamValue & { value: string } {
  return (
    typeof upstream.value === 'string' &&
    (upstream.kind === FILE_UPLOAD_KIND || FILE_URL_NAME.test(upstream.name))
  );
}

/**
 * The text to summarise: the directly connected blocks' values joined by blank lines, like
 * `ctx.primaryText()`, except that a connected File Upload's text file is read and its contents used.
 */
export async function readUpstreamText(ctx: UpstreamContext): Promise<string> {
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

async function readTextFile(ctx: UpstreamContext, url: string): Promise<string> {
  if (url.trim() === '') return '';
  let file: Awaited<ReturnType<UpstreamContext['files']['read']>>;
  try {
    file = await ctx.files.read(url.trim());
  } catch (error) {
    if (error instanceof BlockError) throw error;
    throw new BlockInputError('The uploaded file could not be found. Upload it again and rerun the app.', {
      cause: error,
    });
  }
  const { name } = file.ref;
  const mime = (file.ref.mime.split(';')[0] ?? '').trim().toLowerCase();
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
