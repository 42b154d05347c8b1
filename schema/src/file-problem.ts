/** Which files a file upload takes: one accepted-types choice and the size limit. */
export interface FileRules {
  /** The choice as the settings form names it, e.g. 'Text files (TXT, CSV, MD, JSON)'. */
  label: string;
  /** Lower-case, with the dot: '.txt'. */
  extensions: readonly string[];
  /** Bare media types: 'text/plain'. */
  mimeTypes: readonly string[];
  /** Largest accepted file in MB (1 MB = 1024 × 1024 bytes); no limit when omitted. */
  maxSizeMb?: number;
}

/** What is known about a file before or after it is kept. */
export interface CandidateFile {
  name: string;
  /** As the browser or the upload labelled it; may be empty. */
  mime: string;
  /** Size in bytes. */
  size: number;
}

const BYTES_PER_MB = 1024 * 1024;

/** Media types browsers send when they do not know a file's type; the extension decides then. */
const UNKNOWN_MIME = new Set(['', 'application/octet-stream']);

/** A media type without its parameters, lower case: 'Text/Plain; charset=utf-8' is 'text/plain'. */
export function bareMime(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

function formatMb(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  return `${mb < 0.1 ? mb.toFixed(2) : mb.toFixed(1)} MB`;
}

/**
 * Why a file does not meet a file upload's rules, or null when it does. The one wording of these
 * refusals: the page checks a chosen file with it, the server an upload, the block the kept file.
 */
export function fileProblem(rules: FileRules, file: CandidateFile): string | null {
  const allowed = `Accepted: ${rules.label} (${rules.extensions.join(', ')}).`;
  if (!rules.extensions.includes(extensionOf(file.name))) {
    return `"${file.name}" is not an accepted file type. ${allowed}`;
  }
  const mime = bareMime(file.mime);
  if (!UNKNOWN_MIME.has(mime) && !rules.mimeTypes.includes(mime)) {
    return `"${file.name}" has the type ${mime}, which is not accepted. ${allowed}`;
  }
  if (file.size <= 0) {
    return `"${file.name}" is empty. Please upload a file with content.`;
  }
  if (rules.maxSizeMb !== undefined && file.size > rules.maxSizeMb * BYTES_PER_MB) {
    return `"${file.name}" is ${formatMb(file.size)}, larger than the ${rules.maxSizeMb} MB limit.`;
  }
  return null;
}
