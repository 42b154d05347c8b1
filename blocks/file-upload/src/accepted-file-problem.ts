import { ACCEPTED_TYPES, type AcceptedType } from './accepted-types';

/** The two file upload settings that decide which files are accepted. */
export interface UploadRules {
  acceptedTypes: AcceptedType;
  /** Largest accepted file, in MB (1 MB = 1024 × 1024 bytes). */
  maxSize: number;
}

/** What is known about an uploaded file before or after it is stored. */
export interface UploadedFile {
  name: string;
  mime: string;
  /** Size in bytes. */
  size: number;
}

const BYTES_PER_MB = 1024 * 1024;

/** Media types browsers send when they do not know a file's type; the extension decides then. */
const UNKNOWN_MIME = new Set(['', 'application/octet-stream']);

function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

function bareMime(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

function formatMb(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  return `${mb < 0.1 ? mb.toFixed(2) : mb.toFixed(1)} MB`;
}

/**
 * Why an uploaded file does not meet a file upload block's settings, or null when it does. Pure, so
 * the gateway can check an upload before storing it and the block can check it again at run time.
 */
export function acceptedFileProblem(rules: UploadRules, file: UploadedFile): string | null {
  const choice =
    ACCEPTED_TYPES.find((option) => option.value === rules.acceptedTypes) ??
    ACCEPTED_TYPES.find((option) => option.value === 'all')!;
  const allowed = `Accepted: ${choice.label} (${choice.meta.extensions.join(', ')}).`;
  const extension = extensionOf(file.name);
  if (!choice.meta.extensions.includes(extension)) {
    return `"${file.name}" is not an accepted file type. ${allowed}`;
  }
  const mime = bareMime(file.mime);
  if (!UNKNOWN_MIME.has(mime) && !choice.meta.mimeTypes.includes(mime)) {
    return `"${file.name}" has the type ${mime}, which is not accepted. ${allowed}`;
  }
  if (file.size <= 0) {
    return `"${file.name}" is empty. Please upload a file with content.`;
  }
  if (file.size > rules.maxSize * BYTES_PER_MB) {
    return `"${file.name}" is ${formatMb(file.size)}, larger than the ${rules.maxSize} MB limit.`;
  }
  return null;
}
