import { FairQueue } from './fair-queue';

/** Takes every item the queue hands out now, as `account:item`. */
function takeAll(queue: FairQueue<string>): string[] {
  const taken: string[] = [];
  for (let next = queue.take(); next; next = queue.take()) taken.push(`${next.account}:${next.item}`);
  return taken;
}

describe('FairQueue', () => {
  it('serves accounts in turn, whatever order their items arrived in', () => {
    const queue = new FairQueue<string>(1);
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('ann', item);
    queue.push('bob', 'b1');
    queue.push('bob', 'b2');
    queue.push('cy', 'c1');
    const order: string[] = [];
    // One place: each item is done before the next is taken.
    for (let next = queue.take(); next; next = queue.take()) {
      order.push(next.item);
      queue.done(next.account);
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('never gives one account more than its share, and keeps the rest waiting in its own queue', () => {
    const queue = new FairQueue<string>(2);
    for (let i = 1; i <= 30; i += 1) queue.push('ann', `a${i}`);
    expect(takeAll(queue)).toEqual(['ann:a1', 'ann:a2']);
    expect(queue.inUse('ann')).toBe(2);
    expect(queue.waiting).toBe(28);
    // Another account arriving while the first is at its share is served at once.
    queue.push('bob', 'b1');
    expect(takeAll(queue)).toEqual(['bob:b1']);
    // A place freed goes to the account with the fewest in use.
    queue.push('bob', 'b2');
    queue.done('ann');
    queue.done('ann');
    expect(queue.take()).toEqual({ account: 'ann', item: 'a3' });
    expect(queue.take()).toEqual({ account: 'bob', item: 'b2' });
    expect(queue.take()).toEqual({ account: 'ann', item: 'a4' });
    expect(queue.take()).toBeUndefined();
  });

  it('gives a freed place to whoever has the fewest in use, then to whoever was served least recently', () => {
    const queue = new FairQueue<string>(3);
    queue.push('ann', 'a1');
    queue.push('ann', 'a2');
    queue.push('bob', 'b1');
    queue.push('bob', 'b2');
    queue.push('cy', 'c1');
    expect(takeAll(queue)).toEqual(['ann:a1', 'bob:b1', 'cy:c1', 'ann:a2', 'bob:b2']);
  });

  it('takes out waiting items that are no longer wanted, and forgets idle accounts', () => {
    const queue = new FairQueue<string>(1);
    queue.push('ann', 'a1');
    queue.push('ann', 'a2');
    queue.push('ann', 'a3');
    expect(takeAll(queue)).toEqual(['ann:a1']);
    queue.remove('ann', (item) => item === 'a2');
    queue.done('ann');
    expect(takeAll(queue)).toEqual(['ann:a3']);
    queue.done('ann');
    queue.done('ann');
    expect(queue.inUse('ann')).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('gives up every waiting item when drained', () => {
    const queue = new FairQueue<string>(1);
    queue.push('ann', 'a1');
    queue.push('ann', 'a2');
    queue.push('bob', 'b1');
    expect(takeAll(queue)).toEqual(['ann:a1', 'bob:b1']);
    queue.push('cy', 'c1');
    expect(queue.drain()).toEqual(['a2', 'c1']);
    expect(queue.waiting).toBe(0);
    expect(queue.inUse('ann')).toBe(1);
  });

  it('refuses a share that is not a positive whole number', () => {
    expect(() => new FairQueue(0)).toThrow('perAccount must be a positive whole number (got 0).');
  });
});
