export interface ImageFacts {
  /** What the bytes say they are (`png`, `gif`, `jpeg`, `svg`), whatever the declared mime. */
  format: 'png' | 'gif' | 'jpeg' | 'svg' | undefined;
  width: number | undefined;
  height: number | undefined;
}

/** JPEG start-of-frame markers (baseline, progressive, ...), which carry the pixel size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** Reads the format and pixel size from an image's header, without decoding it. */
export function imageDimensions(bytes: Uint8Array): ImageFacts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(1, 4) === 'PNG' && ascii(12, 16) === 'IHDR') {
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && ascii(0, 4) === 'GIF8') {
    return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDimensions(bytes, view);
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  const svg = /<svg\b[^>]*>/i.exec(head);
  if (svg) {
    const attribute = (name: string) => {
      const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(?:px)?\\s*["']`, 'i').exec(svg[0])?.[1];
      return value === undefined ? undefined : Math.round(Number(value));
    };
    return { format: 'svg', width: attribute('width'), height: attribute('height') };
  }
  return { format: undefined, width: undefined, height: undefined };
}

function jpegDimensions(bytes: Uint8Array, view: DataView): ImageFacts {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (JPEG_FRAME_MARKERS.has(marker) && at + 9 <= bytes.length) {
      return { format: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return { format: 'jpeg', width: undefined, height: undefined };
}
