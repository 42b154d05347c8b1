import { SecretReader, scrubSecrets } from '@blocksmith/block-sdk';

/**
 * The app owner's secrets as one run's blocks read them, and the cleaning of every value read out
 * of what leaves a block: partial text, outputs, artifacts, and error messages.
 */
export class RunSecrets {
  private readonly reader: SecretReader | undefined;

  constructor(read: ((name: string) => Promise<string | undefined>) | undefined) {
    if (read) this.reader = new SecretReader(read);
  }

  /** What a block's `ctx.secret` calls; undefined when the run has no way to read secrets. */
  get read(): ((name: string) => Promise<string | undefined>) | undefined {
    const reader = this.reader;
    return reader && ((name: string) => reader.read(name));
  }

  /** `value` without any secret a block of the run has read (the same value when none was). */
  clean<T>(value: T): T {
    const revealed = this.reader?.revealed;
    return revealed && revealed.size > 0 ? scrubSecrets(value, revealed) : value;
  }
}
