import {
  BlockInputError,
  bareMime,
  readUpstreamFile,
  type FileSources,
  type UpstreamFileContext,
} from '@blocksmith/block-sdk';

/** Blocks that hand on an image url: File Upload (`file_url`) and Image AI (`generated_image_url`). */
const IMAGE_SOURCES: FileSources = {
  kinds: ['fileUpload', 'imageGenerator'],
  outputs: ['file_url', 'generated_image_url'],
};

export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMime = (typeof IMAGE_MIMES)[number];

/** Types a store uses when it does not know better; the file's first bytes then decide. */
const GENERIC_MIMES: ReadonlySet<string> = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export interface UpstreamImage {
  name: string;
  data: Uint8Array;
  mime: ImageMime;
}

/**
 * Finds the connected File Upload or Image AI block (or, failing that, the one connected block
 * whose value is a file url), reads the image it kept and checks it is PNG, JPEG, GIF or WebP.
 */
export async function readUpstreamImage(ctx: UpstreamFileContext): Promise<UpstreamImage> {
  const file = await readUpstreamFile(ctx, {
    from: IMAGE_SOURCES,
    messages: {
      notConnected: 'Connect a File Upload or Image AI block that provides the image to analyse.',
      noFile: 'No image was provided. Upload an image and run the app again.',
      notAFile: 'Image Analysis reads an image from a File Upload or Image AI block. Connect one of those.',
      notFound: 'The image could not be found. Upload or generate it again and rerun the app.',
    },
  });
  const { name } = file.ref;
  const declared = normaliseMime(file.ref.mime);
  const mime = GENERIC_MIMES.has(declared) ? sniffImageMime(file.data) : asImageMime(declared);
  if (mime === undefined) {
    throw new BlockInputError(
      `Image Analysis reads PNG, JPEG, GIF or WebP images, but "${name}" is ${declared || 'of an unknown type'}. Upload one of those instead.`,
    );
  }
  return { name, data: file.data, mime };
}

function normaliseMime(mime: string): string {
  const bare = bareMime(mime);
  return bare === 'image/jpg' || bare === 'image/pjpeg' ? 'image/jpeg' : bare;
}

function asImageMime(mime: string): ImageMime | undefined {
  return IMAGE_MIMES.find((m) => m === mime);
}

function startsWith(data: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, i) => data[at + i] === byte);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The image type a file's first bytes announce, if it is one of the four read here. */
export function sniffImageMime(data: Uint8Array): ImageMime | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}
