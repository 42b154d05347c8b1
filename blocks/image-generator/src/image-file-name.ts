const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
};

const MAX_SLUG_LENGTH = 40;

/** A short, file-name-safe slug of the prompt: its first lower case ASCII words joined by hyphens. */
function slugOf(prompt: string): string {
  const words = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word.slice(0, MAX_SLUG_LENGTH) : `${slug}-${word}`;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  return slug === '' ? 'image' : slug;
}

/** The extension for an image MIME type (`image/png` -> `png`); unknown image types use their subtype. */
export function imageExtension(mime: string): string {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  const known = EXTENSIONS[type];
  if (known) return known;
  const subtype = type
    .slice(type.indexOf('/') + 1)
    .replace(/\+.*$/, '')
    .replace(/[^a-z0-9]/g, '');
  return subtype === '' ? 'img' : subtype;
}

/** `an-illustration-of-a-red-fox.png` for the prompt 'An illustration of a red fox' and `image/png`. */
export function imageFileName(prompt: string, mime: string): string {
  return `${slugOf(prompt)}.${imageExtension(mime)}`;
}
