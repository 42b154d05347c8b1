import type { App } from './app';

/** `app-{timestamp}`: the slug of a new app, and of one whose name gives no usable characters. */
export function defaultSlug(now: number = Date.now()): string {
  return `app-${now}`;
}

/**
 * `{name-part}-{timestamp}`. The name is lower-cased, accents are folded ('Café' -> 'cafe'),
 * whitespace runs become hyphens, everything outside a-z, 0-9 and '-' is removed, repeated hyphens
 * collapse and leading or trailing hyphens go. A name that leaves nothing gives `app-{timestamp}`.
 */
export function slugFromName(name: string, now: number = Date.now()): string {
  const part = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return part === '' ? defaultSlug(now) : `${part}-${now}`;
}

/**
 * An unsaved copy: no id, owner or creation date; name plus ' (Copy)', slug plus '-copy'; not
 * published; counts reset; review state cleared; config deep-copied so edits never reach the original.
 */
export function duplicateApp(app: App): App {
  const {
    id: _id,
    owner_id: _ownerId,
    createdAt: _createdAt,
    verificationStatus: _verificationStatus,
    reviewNotes: _reviewNotes,
    ...rest
  } = app;
  return {
    ...rest,
    name: `${app.name} (Copy)`,
    slug: `${app.slug}-copy`,
    isPublished: false,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: structuredClone(app.config),
  };
}
