import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a fresh 12-byte IV per value. The owner and the name are authenticated with
 * the value (additional data), so a sealed value copied to another person or name does not open.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each in base64url.
 */
export function seal(key: Buffer, value: string, owner: string, name: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${owner}:${name}`));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/** The value `seal` sealed, or null when it does not open with this key, owner and name. */
export function unseal(key: Buffer, sealed: string, owner: string, name: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${owner}:${name}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
