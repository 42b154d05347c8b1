import { Worker } from 'node:worker_threads';
import { BlockInputError } from '@blocksmith/block-sdk';

export interface PdfText {
  /** The text of every page that has any, pages separated by a blank line. */
  text: string;
  pageCount: number;
}

/** What the reading thread answers. */
type Reading =
  | { ok: true; pages: string[]; pageCount: number }
  | { ok: false; problem: 'password' | 'invalid' | 'unreadable'; message: string };

/**
 * Reads the PDF in a thread of its own. pdf.js (through pdf-parse) installs polyfills over the
 * built-ins of whatever thread loads it (`Array.prototype.push` and `JSON.parse` among them,
 * which made every request of the server slower), and parsing a large PDF is seconds of work
 * that must not hold up everyone else's requests. Loaded here, it touches neither.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { InvalidPDFException, PasswordException, PDFParse } = require(workerData.pdfParse);
(async () => {
  const parser = new PDFParse({ data: workerData.data });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    parentPort.postMessage({ ok: true, pages: result.pages.map((page) => page.text), pageCount: result.total });
  } catch (error) {
    const problem =
      error instanceof PasswordException ? 'password' : error instanceof InvalidPDFException ? 'invalid' : 'unreadable';
    parentPort.postMessage({ ok: false, problem, message: String(error && error.message) });
  } finally {
    await parser.destroy().catch(() => undefined);
  }
})();
`;

/** A PDF whose reading takes longer than this is given up on (pdf.js looping on a crafted file). */
const READ_LIMIT_MS = 120_000;

/** Heap the reading thread may use (a 50 MB PDF needs well under this). */
const READER_HEAP_MB = 512;

/** Stopped with the run: the thread is ended at once. */
export class PdfReadStopped extends Error {}

function readInThread(data: Uint8Array, signal?: AbortSignal): Promise<Reading> {
  if (signal?.aborted) return Promise.reject(new PdfReadStopped('The run was stopped.'));
  // pdf.js may take over the buffer it is given: the thread gets a copy, so the kept file stays intact.
  const copy = new Uint8Array(data);
  const worker = new Worker(READER_SOURCE, {
    eval: true,
    workerData: { pdfParse: require.resolve('pdf-parse'), data: copy },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
  });
  let onAbort: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  return new Promise<Reading>((resolve, reject) => {
    worker.once('message', (reading: Reading) => resolve(reading));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The PDF reader stopped (exit code ${code}).`)));
    onAbort = () => reject(new PdfReadStopped('The run was stopped.'));
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => reject(new Error('Reading the PDF took too long.')), READ_LIMIT_MS);
  }).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    void worker.terminate();
  });
}

/**
 * Extracts the selectable text of a PDF. A PDF without any (a scan, or images only) and a PDF that
 * cannot be opened are refused with a sentence saying what to upload instead.
 */
export async function extractPdfText(
  data: Uint8Array,
  fileName: string,
  signal?: AbortSignal,
): Promise<PdfText> {
  let reading: Reading;
  try {
    reading = await readInThread(data, signal);
  } catch (error) {
    if (error instanceof PdfReadStopped) throw error;
    throw unreadable(fileName, 'could not be read', error);
  }
  if (!reading.ok) {
    if (reading.problem === 'password') {
      throw new BlockInputError(`"${fileName}" is password-protected. Upload a copy without a password.`, {
        cause: new Error(reading.message),
      });
    }
    const reason = reading.problem === 'invalid' ? 'is not a valid PDF' : 'could not be read';
    throw unreadable(fileName, reason, new Error(reading.message));
  }
  const text = reading.pages
    .map((page) => page.trim())
    .filter((page) => page !== '')
    .join('\n\n');
  if (text === '') {
    throw new BlockInputError(
      `"${fileName}" has no selectable text (it may be a scanned image). Upload a PDF with selectable text, or run the scan through text recognition (OCR) first.`,
    );
  }
  return { text, pageCount: reading.pageCount };
}

function unreadable(fileName: string, reason: string, cause: unknown): BlockInputError {
  return new BlockInputError(
    `"${fileName}" ${reason}; it may be damaged. Save or export it again and upload the new file.`,
    { cause },
  );
}
