import { fileContent, type ReadLimits } from './file-content';
import { LIMITS } from './limits';

export type { ReadLimits };

/**
 * The text of a document (PDF, DOCX, Markdown, HTML, plain text, and the text of a CSV, TSV,
 * JSON or spreadsheet file), read exactly as Extract from File reads it with "Extract" set to
 * Text, within its limits unless `limits` are given (knowledge bases read larger documents); a
 * file it cannot read is refused with a BlockInputError saying why.
 */
export async function readDocumentText(
  file: { name: string; mime: string; data: Uint8Array },
  signal: AbortSignal,
  limits?: ReadLimits,
): Promise<string> {
  const content = await fileContent(file, {
    extract: 'text',
    header: 'auto',
    sheet: '',
    maxRows: LIMITS.rows,
    signal,
    ...(limits ? { limits } : {}),
  });
  return content.as === 'text' ? content.text : '';
}
