/** Web links, links to files the server keeps (`/files/...`) and inline images. */
const IMAGE_LINK = /^(https?:\/\/\S+|\/(?!\/)\S*|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+)$/i;

function linkOrNull(candidate: unknown): string | null {
  if (typeof candidate !== 'string') return null;
  const link = candidate.trim();
  return IMAGE_LINK.test(link) ? link : null;
}

/**
 * The image link an upstream value holds: the value itself when it is a link, or its `url` or
 * `generated_image_url` field when it is an object. Null when it holds none.
 */
export function imageUrlOf(value: unknown): string | null {
  if (typeof value === 'string') return linkOrNull(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return linkOrNull(record.url) ?? linkOrNull(record.generated_image_url);
}
