import type { GeneratedImage } from '@blocksmith/block-sdk';
import { fnvHash } from '@blocksmith/block-sdk';

const DEFAULT_SIZE = 512;

/** `WIDTHxHEIGHT` to numbers (16..4096 each); 512x512 when missing or unreadable. */
export function parseSize(size: string | undefined): { width: number; height: number } {
  const match = /^\s*(\d{1,5})\s*[x×]\s*(\d{1,5})\s*$/i.exec(size ?? '');
  if (!match) return { width: DEFAULT_SIZE, height: DEFAULT_SIZE };
  const clamp = (n: number) => Math.min(4096, Math.max(16, n));
  return { width: clamp(Number(match[1])), height: clamp(Number(match[2])) };
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[0, 8, 4]
    .map((n) =>
      Math.round(channel(n) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * A real SVG picture standing in for a generated image: a gradient chosen by the prompt's hash, the
 * prompt's first words and the words "Offline preview".
 */
export function offlineSvg(prompt: string, size: string | undefined): GeneratedImage {
  const { width, height } = parseSize(size);
  const seed = fnvHash(prompt);
  const hue = seed % 360;
  const from = hslToHex(hue, 65, 55);
  const to = hslToHex((hue + 40 + ((seed >>> 9) % 80)) % 360, 60, 30);
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  let title = words.slice(0, 6).join(' ');
  if (title.length > 42) title = `${title.slice(0, 41).trimEnd()}…`;
  else if (words.length > 6) title += ' …';
  const fontSize = Math.max(10, Math.round(Math.min(width / 18, height / 8)));
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`Offline preview: ${title}`)}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`,
    '</linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<text x="50%" y="46%" text-anchor="middle" font-family="sans-serif" font-size="${fontSize}" fill="#ffffff">${escapeXml(title || 'Image')}</text>`,
    `<text x="50%" y="${46 + Math.round((fontSize * 180) / height)}%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(fontSize * 0.7)}" fill="#ffffff" fill-opacity="0.8">Offline preview</text>`,
    '</svg>',
  ].join('\n');
  return { data: new TextEncoder().encode(svg), mime: 'image/svg+xml' };
}
