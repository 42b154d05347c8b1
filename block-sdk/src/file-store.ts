import type { FileRef } from '@blocksmith/schema';

/** A file the server keeps: its reference and its bytes. */
export interface KeptFile {
  ref: FileRef;
  data: Uint8Array;
}

/** File access a block gets at run time; it only ever sees files the server keeps. */
export interface FileStore {
  put(data: Uint8Array, meta: { name: string; mime: string }): Promise<FileRef>;
  /** Reads a kept file by its id or url; rejects anything the store does not hold. */
  read(idOrUrl: string): Promise<KeptFile>;
}
