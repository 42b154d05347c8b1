import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadSigningKey } from '../accounts/signing-key';

/** How long a signed link to a kept file works. */
export const FILE_LINK_TTL_MS = 24 * 3600 * 1000;

const FILE_PATH = /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Signed, expiring links to kept files (`/files/<id>?expires=<unix s>&signature=<HMAC>`). Kept
 * files (uploads, generated images and downloads) are not public by id: a link works only when
 * the server signed it, for someone it was showing a run they may see, and only for a day; a fresh
 * read of the run signs its links again. The key is derived from the token signing key, so every
 * process sharing the database signs and checks alike.
 */
export class FileLinks {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = FILE_LINK_TTL_MS,
  ) {}

  /** `value` with every `/files/<id>` string in it (at any depth) replaced by a signed link. */
  async sign<T>(value: T): Promise<T> {
    const key = await this.getKey();
    const expires = Math.floor((this.now() + this.ttlMs) / 1000);
    const visit = (item: unknown): unknown => {
      if (typeof item === 'string') {
        const match = FILE_PATH.exec(item);
        return match ? `${item}?expires=${expires}&signature=${signature(key, match[1]!, expires)}` : item;
      }
      if (Array.isArray(item)) return item.map(visit);
      if (item !== null && typeof item === 'object' && !(item instanceof Date)) {
        const copy: Record<string, unknown> = {};
        for (const [name, inner] of Object.entries(item)) copy[name] = visit(inner);
        return copy;
      }
      return item;
    };
    return visit(value) as T;
  }

  /** Whether `expires` and `signature` (from a link's query) open file `id` now. */
  async verify(id: string, expires: unknown, given: unknown): Promise<boolean> {
    if (typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const until = Number(expires);
    if (until * 1000 < this.now()) return false;
    const expected = Buffer.from(signature(await this.getKey(), id.toLowerCase(), until));
    const presented = Buffer.from(given);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }

  private getKey(): Promise<Buffer> {
    if (!this.key) {
      this.key = loadSigningKey(this.dataSource).then((key) =>
        createHmac('sha256', key).update('file-links').digest(),
      );
      this.key.catch(() => (this.key = undefined));
    }
    return this.key;
  }
}

function signature(key: Buffer, id: string, expires: number): string {
  return createHmac('sha256', key).update(`${id.toLowerCase()}.${expires}`).digest('base64url');
}
