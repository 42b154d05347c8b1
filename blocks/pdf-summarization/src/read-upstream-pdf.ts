import { BlockError, BlockInputError, type RunContext, type UpstreamValue } from '@blocksmith/block-sdk';

/** A File Upload block hands on the kept file's url as `file_url` (`file_url_2`, ... when there are several). */
const FILE_UPLOAD_KIND = 'fileUpload';
const FILE_URL_NAME = /^file_url(_\d+)?$/;
const PDF_MIME = 'application/pdf';
const PDF_MAGIC = '%PDF-';

type UpstreamContext = Pick<RunContext<unknown>, 'upstream' | 'files'>;

export interface UpstreamPdf {
  name: string;
  data: Uint8Array;
}

function isFileUpload(upstream: UpstreamValue): boolean {
  return upstream.kind === FILE_UPLOAD_KIND || FILE_URL_NAME.test(upstream.name);
}

/**
 * Finds the connected File Upload (or, failing that, the one connected block whose value is a
 * file url), reads the file it kept and checks it is a PDF.
 */
export async function readUpstreamPdf(ctx: UpstreamContext): Promise<UpstreamPdf> {
  const url = sourceUrl(ctx.upstream);
  let file: Awaited<ReturnType<UpstreamContext['files']['read']>>;
  try {
    file = await ctx.files.read(url);
  } catch (error) {
    if (error instanceof BlockError) throw error;
    throw new BlockInputError('The uploaded PDF could not be found. Upload it again and rerun the app.', {
      cause: error,
    });
  }
  const { name } = file.ref;
  const mime = (file.ref.mime.split(';')[0] ?? '').trim().toLowerCase();
  if (mime !== PDF_MIME && !startsWithPdfMagic(file.data)) {
    throw new BlockInputError(
      `PDF Summary needs a PDF file, but "${name}" is ${mime || 'of an unknown type'}. Upload a PDF instead.`,
    );
  }
  return { name, data: file.data };
}

function sourceUrl(upstream: readonly UpstreamValue[]): string {
  const uploads = upstream.filter(isFileUpload);
  const candidates = uploads.length > 0 ? uploads : upstream;
  if (candidates.length === 0) {
    throw new BlockInputError('Connect a File Upload block that provides the PDF to summarise.');
  }
  const withFile = candidates.find((u) => typeof u.value === 'string' && u.value.trim() !== '');
  if (withFile === undefined || typeof withFile.value !== 'string') {
    throw new BlockInputError(
      uploads.length > 0
        ? 'No PDF was uploaded. Choose a PDF file and run the app again.'
        : 'Connect a File Upload block that provides the PDF to summarise.',
    );
  }
  const url = withFile.value.trim();
  if (uploads.length === 0 && (candidates.length > 1 || /\s/.test(url))) {
    throw new BlockInputError(
      'PDF Summary reads a PDF from a File Upload block. Connect one that accepts PDF documents.',
    );
  }
  return url;
}

function startsWithPdfMagic(data: Uint8Array): boolean {
  return PDF_MAGIC.split('').every((char, i) => data[i] === char.charCodeAt(0));
}
