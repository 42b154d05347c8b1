import { randomUUID } from 'node:crypto';
import type { FileRef } from '@blocksmith/schema';
import type { FileStore } from './file-store';

/** A file store that keeps files in memory: for tests, benchmarks and single-run tools. */
export class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, { ref: FileRef; data: Uint8Array }>();

  constructor(private readonly urlPrefix = '/files/') {}

  async put(data: Uint8Array, meta: { name: string; mime: string }): Promise<FileRef> {
    const id = randomUUID();
    const ref: FileRef = {
      id,
      name: meta.name,
      mime: meta.mime,
      size: data.byteLength,
      url: this.urlPrefix + id,
    };
    this.files.set(id, { ref, data });
    return ref;
  }

  async read(idOrUrl: string): Promise<{ ref: FileRef; data: Uint8Array }> {
    const id = idOrUrl.startsWith(this.urlPrefix) ? idOrUrl.slice(this.urlPrefix.length) : idOrUrl;
    const file = this.files.get(id);
    if (!file) throw new Error(`No file ${idOrUrl} is kept here.`);
    return file;
  }

  /** Adds a file as if it had been uploaded, returning its reference. */
  async upload(name: string, mime: string, data: Uint8Array | string): Promise<FileRef> {
    return this.put(typeof data === 'string' ? new TextEncoder().encode(data) : data, { name, mime });
  }
}
