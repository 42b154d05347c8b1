import { TurnBatches, type Settlers } from './write-batch';

interface Item extends Settlers<number> {
  n: number;
}

describe('TurnBatches', () => {
  function batches(maxBatch: number, fail: (batch: Item[]) => boolean = () => false, gatherMs = 0) {
    const written: number[][] = [];
    const turns = new TurnBatches<Item>(
      async (batch) => {
        written.push(batch.map(({ n }) => n));
        // An await inside the write: items added meanwhile must wait for it.
        await new Promise((resolve) => setImmediate(resolve));
        if (fail(batch)) throw new Error(`batch ${batch.map(({ n }) => n).join(',')} failed`);
        for (const item of batch) item.resolve(item.n * 10);
      },
      { maxBatch, gatherMs },
    );
    const add = (n: number) => turns.submit((settle) => ({ n, ...settle }));
    return { written, add, turns };
  }

  it('writes what one turn added together, and what came during a write in the next batch', async () => {
    const { written, add } = batches(3);
    const first = [1, 2, 3, 4].map(add);
    // Added while the first batch is being written: waits, then goes with the rest of the queue.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [5, 6].map(add);
    // Each caller gets its own item's answer.
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(written).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('writes each item of a failed batch alone, so one bad item fails only itself', async () => {
    const { written, add } = batches(10, (batch) => batch.some(({ n }) => n === 2));
    const outcomes = await Promise.allSettled([1, 2, 3].map(add));
    expect(outcomes.map(({ status }) => status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written).toEqual([[1, 2, 3], [1], [2], [3]]);
    // And it goes on writing afterwards.
    await add(4);
    expect(written.at(-1)).toEqual([4]);
  });

  describe('with a gathering time', () => {
    // The clock is Jest's: how loaded the machine is cannot move the gathering's end.
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    it('writes what came within it together, across turns of the loop', async () => {
      const { written, add } = batches(100, undefined, 40);
      const first = add(1);
      await turn();
      const second = add(2);
      jest.advanceTimersByTime(39);
      await turn();
      expect(written).toEqual([]);
      jest.advanceTimersByTime(1);
      await Promise.all([first, second]);
      expect(written).toEqual([[1, 2]]);
    });

    it('writes at the next turn when flushed, without waiting out the time', async () => {
      const { written, add, turns } = batches(100, undefined, 40);
      const first = add(1);
      turns.flush();
      await first;
      expect(written).toEqual([[1]]);
      // No gathering left behind to write again.
      jest.advanceTimersByTime(40);
      await turn();
      expect(written).toEqual([[1]]);
    });

    it('writes a full batch at once, without waiting out the time', async () => {
      const { written, add } = batches(3, undefined, 40);
      const items = [1, 2, 3].map(add);
      await Promise.all(items);
      expect(written).toEqual([[1, 2, 3]]);
    });

    describe('only when busy', () => {
      function busyBatches() {
        const written: number[][] = [];
        const turns = new TurnBatches<Item>(
          async (batch) => {
            written.push(batch.map(({ n }) => n));
            for (const item of batch) item.resolve(item.n);
          },
          { gatherMs: 40, onlyWhenBusy: true },
        );
        const add = (n: number) => turns.submit((settle) => ({ n, ...settle }));
        return { written, add };
      }

      it('writes a lone item at the next turn, and gathers once items came together', async () => {
        const { written, add } = busyBatches();
        // Quiet: one at a time, each written as the loop turns (no timer is advanced).
        await add(1);
        await add(2);
        expect(written).toEqual([[1], [2]]);
        // Two in one turn: written together, and the server is now busy.
        await Promise.all([add(3), add(4)]);
        await turn(); // the write has ended
        const later = add(5);
        await turn();
        const meanwhile = add(6);
        jest.advanceTimersByTime(39);
        await turn();
        expect(written).toEqual([[1], [2], [3, 4]]);
        jest.advanceTimersByTime(1);
        await Promise.all([later, meanwhile]);
        expect(written).toEqual([[1], [2], [3, 4], [5, 6]]);
      });

      it('stops gathering once a batch held one item again', async () => {
        const { written, add } = busyBatches();
        await Promise.all([add(1), add(2)]);
        await turn();
        const alone = add(3);
        jest.advanceTimersByTime(40);
        await alone;
        // The batch of one ends the busy spell: the next item goes at the next turn.
        await add(4);
        expect(written).toEqual([[1, 2], [3], [4]]);
      });
    });
  });
});
