import {
  INVALID_NODE_LIST_HEADING,
  INVALID_NODE_LIST_NOTE,
  INVALID_NODE_LIST_TEXT,
  isValidNodeList,
  validateNodeList,
} from './node-list';

const good = { id: 'plugin_1_a', type: 'textInput', position: { x: 100, y: 0 }, settings: {} };

describe('validateNodeList', () => {
  it('accepts an empty list and well-formed nodes', () => {
    expect(validateNodeList([])).toEqual({ valid: true, problems: [] });
    expect(validateNodeList([good, { ...good, id: 'b', position: { x: -5.5, y: 3 } }])).toEqual({
      valid: true,
      problems: [],
    });
  });

  it('reports a missing list', () => {
    expect(validateNodeList(undefined)).toEqual({ valid: false, problems: ['The node list is missing.'] });
    expect(validateNodeList(null)).toEqual({ valid: false, problems: ['The node list is missing.'] });
  });

  it('reports a list that is not an array', () => {
    expect(validateNodeList({ 0: good })).toEqual({
      valid: false,
      problems: ['The node list is not an array.'],
    });
    expect(validateNodeList('[]').valid).toBe(false);
  });

  it('reports nodes that are not objects', () => {
    expect(validateNodeList([good, null, [], 'x']).problems).toEqual([
      'Node 1 is not an object.',
      'Node 2 is not an object.',
      'Node 3 is not an object.',
    ]);
  });

  it('names the node by index only when it has no usable id', () => {
    expect(validateNodeList([{ ...good, id: '' }]).problems).toEqual([
      'Node 0 has no id (a non-empty string is required).',
    ]);
    expect(validateNodeList([{ ...good, id: 7 }]).problems).toEqual([
      'Node 0 has no id (a non-empty string is required).',
    ]);
  });

  it('reports a missing or empty type', () => {
    expect(validateNodeList([good, { ...good, type: '' }]).problems).toEqual([
      'Node 1 ("plugin_1_a") has no type (a non-empty string is required).',
    ]);
    const { type: _type, ...untyped } = good;
    expect(validateNodeList([untyped]).valid).toBe(false);
  });

  it('reports a missing position or non-numeric coordinates', () => {
    expect(validateNodeList([{ ...good, position: null }]).problems).toEqual([
      'Node 0 ("plugin_1_a") has no position object.',
    ]);
    expect(validateNodeList([{ ...good, position: { x: '1', y: NaN } }]).problems).toEqual([
      'Node 0 ("plugin_1_a") has a position.x that is not a finite number.',
      'Node 0 ("plugin_1_a") has a position.y that is not a finite number.',
    ]);
    expect(validateNodeList([{ ...good, position: { x: Infinity, y: 0 } }]).valid).toBe(false);
  });

  it('requires settings to be a plain object', () => {
    for (const settings of [undefined, null, [], 'a']) {
      expect(validateNodeList([{ ...good, settings }]).problems).toEqual([
        'Node 0 ("plugin_1_a") has no settings object.',
      ]);
    }
  });

  it('lists every problem of every node', () => {
    expect(validateNodeList([{}]).problems).toEqual([
      'Node 0 has no id (a non-empty string is required).',
      'Node 0 has no type (a non-empty string is required).',
      'Node 0 has no position object.',
      'Node 0 has no settings object.',
    ]);
  });
});

describe('isValidNodeList', () => {
  it('narrows valid lists only', () => {
    expect(isValidNodeList([good])).toBe(true);
    expect(isValidNodeList([{}])).toBe(false);
  });
});

describe('invalid node list texts', () => {
  it('are the spec texts', () => {
    expect(INVALID_NODE_LIST_HEADING).toBe('Something went wrong');
    expect(INVALID_NODE_LIST_TEXT).toBe(
      'The app configuration is invalid or incomplete. Please try refreshing the page or recreate your app.',
    );
    expect(INVALID_NODE_LIST_NOTE).toBe('(Malformed or missing nodes)');
  });
});
