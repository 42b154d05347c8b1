import { loopStructure, routedBlocks, routePorts, type FlowGraph, type LoopProblem } from './flow-structure';

/** A graph from named blocks: `o` opens a loop, `e` ends one, anything else simply runs. */
function graph(names: string[], edges: [string, string][]): FlowGraph & { at: (name: string) => number } {
  const at = (name: string) => names.indexOf(name);
  const parents: number[][] = names.map(() => []);
  for (const [from, to] of edges) parents[at(to)]!.push(at(from));
  const order: number[] = [];
  const placed = new Set<number>();
  while (order.length < names.length) {
    const next = names.findIndex((_, i) => !placed.has(i) && parents[i]!.every((p) => placed.has(p)));
    if (next < 0) break;
    placed.add(next);
    order.push(next);
  }
  return {
    parents,
    order,
    at,
    loopRole: (i) => (names[i]!.startsWith('o') ? 'opens' : names[i]!.startsWith('e') ? 'ends' : undefined),
  };
}

function problems(g: ReturnType<typeof graph>, names: string[]): string[] {
  const name = (i: number) => names[i]!;
  return loopStructure(g).problems.map((p: LoopProblem) =>
    p.kind === 'noEnd' ? `noEnd ${name(p.opener)}` : `${p.kind} ${name(p.node)}`,
  );
}

describe('routePorts', () => {
  it('lists the lines of a setting, then the fixed routes, without blanks or repeats', () => {
    expect(routePorts({ ports: ['true', 'false'] }, {})).toEqual(['true', 'false']);
    expect(
      routePorts({ linesOf: 'routes', ports: ['default'] }, { routes: ' Sales \n\nSupport\nSales\ndefault' }),
    ).toEqual(['Sales', 'Support', 'default']);
    expect(routePorts({ linesOf: 'routes' }, { routes: 42 })).toEqual([]);
  });
});

describe('loopStructure', () => {
  it('puts the blocks between a loop and its end in the loop, and the two ends outside it', () => {
    const names = ['in', 'o1', 'a', 'b', 'e1', 'after', 'tone'];
    const g = graph(names, [
      ['in', 'o1'],
      ['o1', 'a'],
      ['a', 'b'],
      ['tone', 'b'],
      ['b', 'e1'],
      ['e1', 'after'],
    ]);
    const { regionOf, regions, problems: found } = loopStructure(g);
    expect(found).toEqual([]);
    expect(regions).toEqual([
      { opener: -1, closer: -1, parent: -1, depth: 0 },
      { opener: g.at('o1'), closer: g.at('e1'), parent: 0, depth: 1 },
    ]);
    expect(names.map((n) => regionOf[g.at(n)])).toEqual([0, 0, 1, 1, 0, 0, 0]);
  });

  it('nests loops, and an empty loop runs straight into its end', () => {
    const names = ['o1', 'o2', 'x', 'e2', 'e1', 'o3', 'e3'];
    const g = graph(names, [
      ['o1', 'o2'],
      ['o2', 'x'],
      ['x', 'e2'],
      ['e2', 'e1'],
      ['o3', 'e3'],
    ]);
    const { regionOf, regions, problems: found } = loopStructure(g);
    expect(found).toEqual([]);
    expect(names.map((n) => regionOf[g.at(n)])).toEqual([0, 1, 2, 1, 0, 0, 0]);
    expect(regions[2]).toMatchObject({ opener: g.at('o2'), closer: g.at('e2'), parent: 1, depth: 2 });
  });

  it('names what is wrong with the loops as wired', () => {
    const names = ['o1', 'a', 'o2', 'b', 'mix', 'e1', 'e1b', 'eAlone', 'in', 'o3', 'show', 'e3'];
    const g = graph(names, [
      ['o1', 'a'],
      ['o2', 'b'],
      ['a', 'mix'],
      ['b', 'mix'],
      ['a', 'e1'],
      ['in', 'e1'],
      ['a', 'e1b'],
      ['in', 'eAlone'],
      ['o3', 'show'],
      ['o3', 'e3'],
    ]);
    expect(problems(g, names)).toEqual([
      'twoLoops mix',
      'endFromOutside e1',
      'secondEnd e1',
      'endWithoutLoop eAlone',
      'leavesLoop mix',
      'noEnd o2',
      'leavesLoop show',
    ]);
  });

  it('leaves blocks caught in a cycle out', () => {
    const g = graph(
      ['a', 'b'],
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
    );
    expect([...loopStructure(g).regionOf]).toEqual([-1, -1]);
  });
});

describe('routedBlocks', () => {
  it('marks every block downstream of a block with route outputs', () => {
    const names = ['in', 'cond', 'yes', 'after', 'side'];
    const g = graph(names, [
      ['in', 'cond'],
      ['cond', 'yes'],
      ['yes', 'after'],
      ['in', 'side'],
    ]);
    expect([...routedBlocks(g, (i) => i === g.at('cond'))]).toEqual([0, 0, 1, 1, 0]);
  });
});
