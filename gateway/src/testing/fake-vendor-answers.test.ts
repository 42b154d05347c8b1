import { imageDimensions } from '../providers/ai/image-dimensions';
import {
  answerFromToolResults,
  answerTo,
  carelessArguments,
  imageNote,
  listenOnLoopback,
  pngFor,
  readJsonBody,
  splitInPieces,
  nextToolToCall,
  toolToCall,
  valueFor,
} from './fake-vendor-answers';

describe('the fake vendors’ shared answers', () => {
  it('builds a value every keyword of a classification-like schema accepts', () => {
    const schema = {
      type: 'object',
      required: ['category', 'confidence', 'tags', 'why', 'ref'],
      properties: {
        category: { type: 'string', enum: ['Bug', 'Question'] },
        confidence: { type: 'number', minimum: 0.5 },
        tags: { type: 'array', minItems: 2, items: { type: 'string', maxLength: 6 } },
        why: { anyOf: [{ type: 'null' }, { type: ['string', 'null'] }] },
        ref: { $ref: '#/$defs/ref' },
        note: { type: 'string' },
      },
      $defs: { ref: { type: 'object', properties: { id: { const: 7 }, ok: { type: 'boolean' } } } },
    };
    expect(valueFor(schema, 'Answer to: it crashes')).toEqual({
      category: 'Bug',
      confidence: 0.5,
      tags: ['Answer', 'Answer'],
      why: 'Answer to: it crashes',
      ref: { id: 7, ok: false },
    });
  });

  it('stops at a safe depth on a schema that refers to itself', () => {
    const tree = {
      $ref: '#/definitions/node',
      definitions: { node: { type: 'object', properties: { child: { $ref: '#/definitions/node' } } } },
    };
    expect(JSON.stringify(valueFor(tree, 'x'))).toContain('null');
  });

  it('calls the tool the prompt names, else the first, and answers from the tools’ results', () => {
    const tools = [{ name: 'get_weather' }, { name: 'Search_Web' }];
    expect(toolToCall(tools, 'Please search_web for cats')).toBe(tools[1]);
    expect(toolToCall(tools, 'What is new?')).toBe(tools[0]);
    expect(toolToCall([], 'anything')).toBeUndefined();
    expect(
      answerFromToolResults([
        { name: 'get_weather', content: 'Sunny, 21 C' },
        { name: 'search_web', content: 'timed out', isError: true },
      ]),
    ).toBe('Based on get_weather: Sunny, 21 C search_web failed: timed out');
  });

  it('calls each tool the prompt names, one a turn, in the tools’ order; the first once when it names none', () => {
    const tools = [{ name: 'city_facts' }, { name: 'slow_report' }, { name: 'broken_tool' }];
    const prompt = 'Check broken_tool, then city_facts';
    expect(nextToolToCall(tools, prompt, [])).toBe(tools[0]);
    expect(nextToolToCall(tools, prompt, ['city_facts'])).toBe(tools[2]);
    expect(nextToolToCall(tools, prompt, ['city_facts', 'broken_tool'])).toBeUndefined();
    expect(nextToolToCall(tools, 'What is new?', [])).toBe(tools[0]);
    expect(nextToolToCall(tools, 'What is new?', ['city_facts'])).toBeUndefined();
  });

  it('makes careless arguments: each required property of the wrong type', () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, count: { type: 'integer' }, detail: { type: 'string' } },
      required: ['city', 'count'],
    };
    expect(carelessArguments(schema)).toEqual({ city: 42, count: 'many' });
    expect(carelessArguments({ type: 'object', properties: { q: { type: 'string' } } })).toEqual({ q: 42 });
  });

  it('cuts text in three pieces at word boundaries, short text in fewer', () => {
    expect(splitInPieces('Answer to: Hello there')).toEqual(['Answer ', 'to: ', 'Hello there']);
    expect(splitInPieces('Hi')).toEqual(['H', 'i']);
    expect(splitInPieces('')).toEqual([]);
  });

  it('acknowledges an image by its size and type, and says when it cannot read one', () => {
    const png = pngFor('16:9');
    expect(imageDimensions(png)).toMatchObject({ format: 'png', width: 16, height: 9 });
    expect(imageNote(png.toString('base64'))).toBe('I see a 16x9 image/png image.');
    expect(imageNote(png.toString('base64'), 'image/webp')).toBe('I see a 16x9 image/webp image.');
    expect(imageNote(Buffer.from('not an image').toString('base64'))).toBe('I see an image I cannot read.');
    expect(answerTo('Go')).toBe('Answer to: Go');
  });

  it('serves on a loopback port, reads JSON bodies and says when one is not JSON', async () => {
    const server = await listenOnLoopback(async (req, res) => {
      res.end(JSON.stringify(await readJsonBody(req)));
    });
    try {
      const post = async (body: string) => (await fetch(server.url, { method: 'POST', body })).json();
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await post('{"a":1}')).toEqual({ raw: '{"a":1}', body: { a: 1 }, invalid: false });
      expect(await post('{nope')).toEqual({ raw: '{nope', invalid: true });
      expect(await post('')).toEqual({ raw: '', invalid: false });
    } finally {
      await server.close();
    }
  });
});
