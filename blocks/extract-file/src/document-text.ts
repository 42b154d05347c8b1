import { BlockInputError } from '@blocksmith/block-sdk';
import { extractPdfText } from '@blocksmith/block-pdf-summarization';
import type { FileKind } from './file-kinds';
import { htmlText } from './html-text';

/** UTF-8 text, a byte-order mark left out; bytes that are not UTF-8 read as U+FFFD. */
export function decodeText(data: Uint8Array): string {
  return new TextDecoder('utf-8').decode(data);
}

async function docxText(data: Uint8Array, fileName: string): Promise<string> {
  try {
    // Loaded on the first Word document read, not with the block.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    });
    return result.value;
  } catch (error) {
    throw new BlockInputError(
      `"${fileName}" could not be read as a Word document; it may be damaged, password-protected or an older .doc file. Save it again as .docx and upload the new file.`,
      { cause: error },
    );
  }
}

/**
 * The running text of a document: a PDF's selectable text (read the way PDF Summary reads it), a
 * Word document's paragraphs, an HTML page's visible text, a Markdown or plain text file as written.
 */
export async function documentText(
  kind: Exclude<FileKind, 'xlsx'>,
  data: Uint8Array,
  fileName: string,
  signal: AbortSignal,
): Promise<string> {
  switch (kind) {
    case 'pdf':
      return (await extractPdfText(data, fileName, signal)).text;
    case 'docx':
      return docxText(data, fileName);
    case 'html':
      return htmlText(decodeText(data));
    default:
      return decodeText(data);
  }
}
