import type { Connection } from './app';
import { reachableIds } from './reachable-ids';

function link(from: string, to: string): Connection {
  return { id: `${from}-${to}`, from, to, fromPort: 'output', toPort: 'input' };
}

describe('reachableIds', () => {
  const chain = [link('a', 'b'), link('b', 'c'), link('x', 'c'), link('c', 'd')];

  it('follows connections downstream', () => {
    expect([...reachableIds(chain, 'a', 'downstream')].sort()).toEqual(['b', 'c', 'd']);
    expect([...reachableIds(chain, 'd', 'downstream')]).toEqual([]);
  });

  it('follows connections upstream', () => {
    expect([...reachableIds(chain, 'd', 'upstream')].sort()).toEqual(['a', 'b', 'c', 'x']);
    expect([...reachableIds(chain, 'a', 'upstream')]).toEqual([]);
  });

  it('visits shared ancestors once (diamond)', () => {
    const diamond = [link('a', 'b'), link('a', 'c'), link('b', 'd'), link('c', 'd')];
    expect([...reachableIds(diamond, 'd', 'upstream')].sort()).toEqual(['a', 'b', 'c']);
  });

  it('terminates on cycles and includes the start only when the cycle returns to it', () => {
    const cycle = [link('a', 'b'), link('b', 'a'), link('b', 'c')];
    expect([...reachableIds(cycle, 'a', 'downstream')].sort()).toEqual(['a', 'b', 'c']);
    expect([...reachableIds(cycle, 'c', 'upstream')].sort()).toEqual(['a', 'b']);
  });

  it('gives nothing for an unknown start', () => {
    expect(reachableIds(chain, 'nope', 'downstream').size).toBe(0);
  });
});
