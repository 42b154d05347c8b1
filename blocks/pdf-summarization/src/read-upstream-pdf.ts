import {
  BlockInputError,
  bareMime,
  readUpstreamFile,
  type FileSources,
  type UpstreamFileContext,
} from '@blocksmith/block-sdk';

/** A File Upload block hands on the kept file's url as `file_url` (`file_url_2`, ... when there are several). */
const PDF_SOURCES: FileSources = { kinds: ['fileUpload'], outputs: ['file_url'] };
const PDF_MIME = 'application/pdf';
const PDF_MAGIC = '%PDF-';

export interface UpstreamPdf {
  name: string;
  data: Uint8Array;
}

/**
 * Finds the connected File Upload (or, failing that, the one connected block whose value is a
 * file url), reads the file it kept and checks it is a PDF.
 */
export async function readUpstreamPdf(ctx: UpstreamFileContext): Promise<UpstreamPdf> {
  const file = await readUpstreamFile(ctx, {
    from: PDF_SOURCES,
    messages: {
      notConnected: 'Connect a File Upload block that provides the PDF to summarise.',
      noFile: 'No PDF was uploaded. Choose a PDF file and run the app again.',
      notAFile: 'PDF Summary reads a PDF from a File Upload block. Connect one that accepts PDF documents.',
      notFound: 'The uploaded PDF could not be found. Upload it again and rerun the app.',
    },
  });
  const { name } = file.ref;
  const mime = bareMime(file.ref.mime);
  if (mime !== PDF_MIME && !startsWithPdfMagic(file.data)) {
    throw new BlockInputError(
      `PDF Summary needs a PDF file, but "${name}" is ${mime || 'of an unknown type'}. Upload a PDF instead.`,
    );
  }
  return { name, data: file.data };
}

function startsWithPdfMagic(data: Uint8Array): boolean {
  return PDF_MAGIC.split('').every((char, i) => data[i] === char.charCodeAt(0));
}
