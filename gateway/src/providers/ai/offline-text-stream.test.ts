import type { AiUsage } from '@blocksmith/block-sdk';
import { OfflineTextStream } from './offline-text-stream';

const ask = { prompt: 'Tell a long story about dragons.' };

function streamOf(signal = new AbortController().signal) {
  const reported: AiUsage[] = [];
  const stream = new OfflineTextStream(ask, { signal, onUsage: (usage) => reported.push(usage) });
  return { stream, reported };
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe('OfflineTextStream read at once', () => {
  it('hands the pieces the stream would, returns the whole answer and reports the model once', async () => {
    const streamed = await collect(streamOf().stream);
    const { stream, reported } = streamOf();
    const pieces: string[] = [];
    expect(stream.readAtOnce((piece) => pieces.push(piece))).toBe(streamed.join(''));
    expect(pieces).toEqual(streamed);
    expect(reported).toEqual([{ model: 'offline' }]);
    // The stream is read: reading it again gives nothing more, and reports nothing more.
    expect(await collect(stream)).toEqual([]);
    expect(stream.readAtOnce()).toBeUndefined();
    expect(reported).toHaveLength(1);
  });

  it('makes no pieces when nobody takes them', () => {
    const { stream, reported } = streamOf();
    expect(stream.readAtOnce()).toMatch(/^\[Offline preview\] .*dragons/);
    expect(reported).toEqual([{ model: 'offline' }]);
  });

  it('refuses when the run is stopped, before the answer or part way, without reporting the model', () => {
    const before = new AbortController();
    before.abort();
    const stopped = streamOf(before.signal);
    expect(() => stopped.stream.readAtOnce(() => {})).toThrow(expect.objectContaining({ kind: 'aborted' }));

    const during = new AbortController();
    const { stream, reported } = streamOf(during.signal);
    const pieces: string[] = [];
    const read = () =>
      stream.readAtOnce((piece) => {
        pieces.push(piece);
        if (pieces.length === 2) during.abort();
      });
    expect(read).toThrow(expect.objectContaining({ kind: 'aborted' }));
    expect(pieces).toHaveLength(2);
    expect(reported).toEqual([]);
  });

  it('is not read at once after a piece has been read from it', async () => {
    const { stream, reported } = streamOf();
    const first = await stream.next();
    expect(first.done).toBe(false);
    expect(stream.readAtOnce(() => {})).toBeUndefined();
    const rest = await collect(stream);
    expect([first.value, ...rest].join('')).toBe(streamOf().stream.readAtOnce());
    expect(reported).toEqual([{ model: 'offline' }]);
  });
});
