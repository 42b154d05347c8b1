import { BlockInputError } from '@blocksmith/block-sdk';
import { InvalidPDFException, PasswordException, PDFParse } from 'pdf-parse';

export interface PdfText {
  /** The text of every page that has any, pages separated by a blank line. */
  text: string;
  pageCount: number;
}

/**
 * Extracts the selectable text of a PDF. A PDF without any (a scan, or images only) and a PDF that
 * cannot be opened are refused with a sentence saying what to upload instead.
 */
export async function extractPdfText(data: Uint8Array, fileName: string): Promise<PdfText> {
  // pdf.js may take over the buffer it is given; hand it a copy so the kept file stays intact.
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    const text = result.pages
      .map((page) => page.text.trim())
      .filter((page) => page !== '')
      .join('\n\n');
    if (text === '') {
      throw new BlockInputError(
        `"${fileName}" has no selectable text (it may be a scanned image). Upload a PDF with selectable text, or run the scan through text recognition (OCR) first.`,
      );
    }
    return { text, pageCount: result.total };
  } catch (error) {
    throw asInputError(error, fileName);
  } finally {
    await parser.destroy();
  }
}

function asInputError(error: unknown, fileName: string): unknown {
  if (error instanceof BlockInputError) return error;
  if (error instanceof PasswordException) {
    return new BlockInputError(`"${fileName}" is password-protected. Upload a copy without a password.`, {
      cause: error,
    });
  }
  const reason = error instanceof InvalidPDFException ? 'is not a valid PDF' : 'could not be read';
  return new BlockInputError(
    `"${fileName}" ${reason}; it may be damaged. Save or export it again and upload the new file.`,
    {
      cause: error,
    },
  );
}
