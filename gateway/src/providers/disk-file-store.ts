import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, KeptFile } from '@blocksmith/block-sdk';
import type { FileRef } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { FileRecord } from '../data/entities';
import { isUuid } from '../ids';

const URL_PREFIX = '/files/';

/** Files kept on local disk under DATA_DIR/files, described by rows in `files`; served at /files/<id>. */
export class DiskFileStore implements FileStore {
  private readonly dir: string;

  constructor(
    private readonly dataSource: DataSource,
    dataDir: string,
    private readonly ownerId: string | null = null,
  ) {
    this.dir = path.join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true });
  }

  /** The same store, recording `ownerId` as the owner of what it keeps. */
  forOwner(ownerId: string | null): DiskFileStore {
    return new DiskFileStore(this.dataSource, path.dirname(this.dir), ownerId);
  }

  async put(data: Uint8Array, meta: { name: string; mime: string }): Promise<FileRef> {
    const id = randomUUID();
    await writeFile(path.join(this.dir, id), data);
    await this.dataSource
      .getRepository(FileRecord)
      .insert({ id, ownerId: this.ownerId, name: meta.name, mime: meta.mime, size: data.byteLength });
    return { id, name: meta.name, mime: meta.mime, size: data.byteLength, url: URL_PREFIX + id };
  }

  /** A kept file by id or link (a signed link's query is ignored), with who kept it. */
  async read(idOrUrl: string): Promise<KeptFile & { ownerId: string | null }> {
    const link = idOrUrl.split('?', 1)[0]!;
    const id = link.startsWith(URL_PREFIX) ? link.slice(URL_PREFIX.length) : link;
    const record = isUuid(id) ? await this.dataSource.getRepository(FileRecord).findOneBy({ id }) : null;
    if (!record) throw new Error(`No file ${idOrUrl} is kept here.`);
    const data = new Uint8Array(await readFile(path.join(this.dir, id)));
    return {
      ref: { id, name: record.name, mime: record.mime, size: record.size, url: URL_PREFIX + id },
      data,
      ownerId: record.ownerId,
    };
  }

  /**
   * Forgets files whoever kept them (the files a deleted run's history kept its long outputs in):
   * their rows first, then their bytes.
   */
  async discard(ids: readonly string[]): Promise<void> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return;
    await this.dataSource.getRepository(FileRecord).delete(valid);
    await Promise.all(valid.map((id) => rm(path.join(this.dir, id), { force: true })));
  }

  /** Forgets a file its owner kept: its row first, then its bytes. Others' files are left alone. */
  async remove(id: string, ownerId: string): Promise<void> {
    if (!isUuid(id)) return;
    const result = await this.dataSource.getRepository(FileRecord).delete({ id, ownerId });
    if (result.affected) await rm(path.join(this.dir, id), { force: true });
  }
}
