import { AiProviderError, type CallOptions, type TextAtHand, type TextRequest } from '@blocksmith/block-sdk';
import { eachWordPiece, offlineAnswer, wordPieces } from './offline-answer';

/** The model the offline provider reports for every answer: no AI model answered. */
export const OFFLINE_MODEL = 'offline';

/** Every offline call is refused once the run is stopped. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AiProviderError('aborted', 'The run was stopped.');
}

/**
 * The offline answer as a stream: the answer is made on the first read, then each read hands one
 * word-sized piece (refused once the run is stopped), and the read after the last reports the
 * model. It behaves as an async generator would, without one's promises and suspended frames
 * for every piece: a For Each over 1,000 items streams some 30,000 pieces a run.
 */
export class OfflineTextStream implements AsyncIterableIterator<string>, TextAtHand {
  private pieces: string[] | undefined;
  private at = 0;
  private ended = false;

  constructor(
    private readonly request: TextRequest,
    private readonly options: CallOptions,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<string, undefined>> {
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    try {
      const { signal } = this.options;
      if (this.pieces === undefined) {
        throwIfAborted(signal);
        this.pieces = wordPieces(offlineAnswer(this.request));
      }
      if (this.at < this.pieces.length) {
        throwIfAborted(signal);
        return Promise.resolve({ value: this.pieces[this.at++]!, done: false });
      }
      this.ended = true;
      this.options.onUsage?.({ model: OFFLINE_MODEL });
      return Promise.resolve({ value: undefined, done: true });
    } catch (error) {
      this.ended = true;
      return Promise.reject(error);
    }
  }

  /**
   * The whole answer in one call (`TextAtHand`): each piece to `onPiece`, refused once the run is
   * stopped, then the model reported. Undefined once the stream has begun to be read piece by piece.
   */
  readAtOnce(onPiece?: (piece: string) => void): string | undefined {
    if (this.pieces !== undefined || this.ended) return undefined;
    this.ended = true;
    const { signal } = this.options;
    throwIfAborted(signal);
    const answer = offlineAnswer(this.request);
    if (onPiece)
      eachWordPiece(answer, (piece) => {
        throwIfAborted(signal);
        onPiece(piece);
      });
    this.options.onUsage?.({ model: OFFLINE_MODEL });
    return answer;
  }

  /** The reader stopped early (`break`): nothing more is read, and no usage is reported. */
  return(): Promise<IteratorResult<string, undefined>> {
    this.ended = true;
    return Promise.resolve({ value: undefined, done: true });
  }
}
