import {
  fieldPaths,
  parseReference,
  pathStepText,
  placeholderPattern,
  referenceProblem,
  resolvePath,
  type TemplateReference,
} from './template-path';

function reference(text: string): TemplateReference {
  const parsed = parseReference(text);
  if (!parsed) throw new Error(`not a reference: ${text}`);
  return parsed;
}

function resolve(value: unknown, text: string) {
  return resolvePath(value, reference(text));
}

function referencesIn(template: string): string[] {
  return Array.from(template.matchAll(placeholderPattern('g')), (match) => match[1]!);
}

describe('the placeholder grammar', () => {
  it('reads a variable, then fields, list positions and quoted keys', () => {
    expect(reference('item')).toEqual({ text: 'item', variable: 'item', path: [] });
    expect(reference('http_response.body.items[0].id').path).toEqual(['body', 'items', 0, 'id']);
    expect(reference('rows[2].email')).toEqual({
      text: 'rows[2].email',
      variable: 'rows',
      path: [2, 'email'],
    });
    expect(reference('row["first name"]').path).toEqual(['first name']);
    expect(reference("row['a.b'].c").path).toEqual(['a.b', 'c']);
    expect(reference('row["say \\"hi\\""]').path).toEqual(['say "hi"']);
    expect(reference('my-var.x_2').path).toEqual(['x_2']);
  });

  it('finds placeholders with spaces just inside the braces, and nothing else', () => {
    expect(referencesIn('{{ item.name }} {{\trows[2].email\t}} {{row["a }} b"]}} {{x}}{{y[1][0]}}')).toEqual([
      'item.name',
      'rows[2].email',
      'row["a }} b"]',
      'x',
      'y[1][0]',
    ]);
    expect(
      referencesIn(
        '{{}} {{ two words }} {{bad!}} {{a..b}} {{a.}} {{a[x]}} {{a[-1]}} {{a[ 1 ]}} {{.a}} {{a["x]}}',
      ),
    ).toEqual([]);
  });

  it('refuses text that is not a reference', () => {
    for (const text of ['', 'a.', 'a[', 'a[x]', '.a', 'a b', 'a["x"'])
      expect(parseReference(text)).toBeUndefined();
  });

  it('writes steps back as they are written', () => {
    expect(['name', 2, 'first name', 'a.b'].map(pathStepText).join('')).toBe('.name[2]["first name"]["a.b"]');
  });
});

describe('resolvePath', () => {
  const item = { name: 'Ada', email: 'ada@example.com', age: 36 };

  it('walks nested objects and lists', () => {
    const response = { status: 200, body: { items: [{ id: 7 }, { id: 8, tags: ['x', 'y'] }] } };
    expect(resolve(response, 'r.body.items[1].id')).toEqual({ found: true, value: 8 });
    expect(resolve(response, 'r.body.items[1].tags[1]')).toEqual({ found: true, value: 'y' });
    expect(resolve(response, 'r.body.items.0.id')).toEqual({ found: true, value: 7 });
    expect(resolve(response, 'r.body')).toEqual({ found: true, value: response.body });
    expect(resolve('as it is', 'r')).toEqual({ found: true, value: 'as it is' });
  });

  it('walks text that holds a JSON object or list', () => {
    expect(resolve(JSON.stringify(item), 'item.name')).toEqual({ found: true, value: 'Ada' });
    expect(resolve(' [{"email": "a@b.c"}]', 'rows[0].email')).toEqual({ found: true, value: 'a@b.c' });
    expect(resolve({ body: '{"deep": {"x": 1}}' }, 'r.body.deep.x')).toEqual({ found: true, value: 1 });
    // The text itself is passed on as text when the path ends at it.
    expect(resolve({ body: '{"x": 1}' }, 'r.body')).toEqual({ found: true, value: '{"x": 1}' });
  });

  it('reads keys with dots, spaces and quotes through brackets, never as a path', () => {
    const row = { 'first.name': 'Ada', 'e mail': 'a@b.c', first: { name: 'nested' } };
    expect(resolve(row, 'row["first.name"]')).toEqual({ found: true, value: 'Ada' });
    expect(resolve(row, 'row.first.name')).toEqual({ found: true, value: 'nested' });
    expect(resolve(row, "row['e mail']")).toEqual({ found: true, value: 'a@b.c' });
  });

  it('names a missing field and lists the fields there are', () => {
    expect(resolve(item, 'item.nme')).toEqual({
      found: false,
      reason: 'item has no field "nme"; its fields are name, email, age.',
    });
    expect(resolve({ body: { items: [{ id: 1, 'due date': 2 }] } }, 'r.body.items[0].idd')).toEqual({
      found: false,
      reason: 'r.body.items[0] has no field "idd"; its fields are id, "due date".',
    });
    expect(resolve({}, 'x.a')).toEqual({ found: false, reason: 'x has no field "a"; it has no fields.' });
    const wide = Object.fromEntries(Array.from({ length: 35 }, (_, i) => [`f${i}`, i]));
    expect(resolve(wide, 'w.nope')).toMatchObject({ reason: expect.stringMatching(/f29, and 5 more\.$/) });
    expect(referenceProblem(reference('item.nme'), 'item has no field "nme"; its fields are name.')).toBe(
      '{{item.nme}}: item has no field "nme"; its fields are name.',
    );
  });

  it('says why a list position or a field of a plain value is not there', () => {
    expect(resolve(['a', 'b', 'c'], 'rows[5]')).toEqual({
      found: false,
      reason: 'rows has no item [5]; it has 3 items, [0] to [2].',
    });
    expect(resolve([], 'rows[0]')).toEqual({
      found: false,
      reason: 'rows has no item [0]; it is an empty list.',
    });
    expect(resolve([{ name: 'a' }], 'rows.name')).toEqual({
      found: false,
      reason: 'rows is a list, so it has no field "name"; pick an item first, such as rows[0].name.',
    });
    expect(resolve('Ada', 'item.name')).toEqual({
      found: false,
      reason: 'item is text, so it has no field "name".',
    });
    expect(resolve('{not json', 'item.name')).toMatchObject({
      reason: 'item is text, so it has no field "name".',
    });
    expect(resolve({ a: null }, 'x.a.b')).toEqual({
      found: false,
      reason: 'x.a is empty, so it has no field "b".',
    });
    expect(resolve(3, 'n[0]')).toEqual({ found: false, reason: 'n is a number, so it has no item [0].' });
  });

  it('never resolves inherited members or __proto__, even from JSON text', () => {
    for (const text of ['item.constructor', 'item.__proto__', 'item.toString', 'item["hasOwnProperty"]']) {
      expect(resolve(item, text)).toMatchObject({ found: false });
    }
    expect(resolve(['a'], 'l.length')).toMatchObject({ found: false });
    expect(resolve('{"__proto__": {"x": 1}}', 'j.__proto__')).toMatchObject({ found: false });
    expect(resolve('{"__proto__": {"x": 1}}', 'j.__proto__.x')).toMatchObject({ found: false });
    expect(resolve({ constructor: 'own data' }, 'o.constructor')).toEqual({ found: true, value: 'own data' });
  });
});

describe('fieldPaths', () => {
  it('lists the fields a value offers, two levels deep, through lists and JSON text', () => {
    expect(fieldPaths('item', { name: 'Ada', 'e mail': 'a@b.c' })).toEqual(['item.name', 'item["e mail"]']);
    expect(fieldPaths('rows', '[{"email": "a"}, {"email": "b"}]')).toEqual(['rows[0].email']);
    expect(fieldPaths('r', { status: 200, body: { items: [{ id: 1 }], total: 1 } })).toEqual([
      'r.status',
      'r.body',
      'r.body.items',
      'r.body.total',
    ]);
    expect(fieldPaths('t', 'plain text')).toEqual([]);
    expect(fieldPaths('e', [])).toEqual([]);
    expect(
      fieldPaths('w', Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i])), 5),
    ).toHaveLength(5);
  });
});
