import type { PluginInstance } from '@blocksmith/schema';
import { FlowModel } from './flow-model';

const plugin = (id: string, x = 0): PluginInstance => ({
  id,
  type: 'textInput',
  position: { x, y: 0 },
  settings: {},
});

describe('FlowModel', () => {
  it('hands back the same node object for every unchanged block', () => {
    const model = new FlowModel();
    const plugins = Array.from({ length: 500 }, (_, i) => plugin(`p${i}`, i * 10));
    const measured = new Map<string, { width: number; height: number }>();
    const first = model.nodes(plugins, new Set(), measured);
    const moved = plugins.map((p) => (p.id === 'p7' ? { ...p, position: { x: 999, y: 9 } } : p));
    const second = model.nodes(moved, new Set(), measured);
    const changed = second.filter((node, i) => node !== first[i]).map((node) => node.id);
    expect(changed).toEqual(['p7']);
    expect(second[7]!.position).toEqual({ x: 999, y: 9 });
  });

  it('a selection or a measured size changes only that node', () => {
    const model = new FlowModel();
    const plugins = [plugin('a'), plugin('b')];
    const measured = new Map<string, { width: number; height: number }>();
    const first = model.nodes(plugins, new Set(), measured);
    measured.set('b', { width: 224, height: 80 });
    const second = model.nodes(plugins, new Set(['a']), measured);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.selected).toBe(true);
    expect(second[1]!.measured).toEqual({ width: 224, height: 80 });
    expect(model.nodes(plugins, new Set(['a']), measured)).toEqual(second);
  });
});

describe('FlowModel edges', () => {
  const connection = (id: string, fromPort = 'output') => ({
    id,
    from: 'a',
    to: 'b',
    fromPort,
    toPort: 'input',
  });

  it('leave from the handle given for each connection, and are faded while idle', () => {
    const model = new FlowModel();
    const connections = [connection('c1', 'true'), connection('c2', 'false')];
    const first = model.edges(connections, new Set(), (c) => c.fromPort);
    expect(first.map((edge) => edge.sourceHandle)).toEqual(['true', 'false']);
    const second = model.edges(connections, new Set(), (c) => c.fromPort, new Set(['c2']));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.className).toBe('is-idle');
    expect(model.edges(connections, new Set(), (c) => c.fromPort, new Set(['c2']))).toBe(second);
  });

  it('leave from the plain output when no handle is given', () => {
    const model = new FlowModel();
    expect(model.edges([connection('c1', 'true')], new Set())[0]!.sourceHandle).toBe('output');
  });
});
