import type { ApiInput } from './api-snippets';
import { openApiFragment, PUBLISHED_RUN_PATH } from './openapi-fragment';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Blocksmith API', version: '1.2.0' },
  servers: [{ url: '/' }],
  paths: {
    [PUBLISHED_RUN_PATH]: {
      post: {
        operationId: 'postPublishedBySlugRun',
        summary: 'Runs a published app.',
        security: [{ bearer: [] }],
        parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object', properties: { inputData: { type: 'object' } } } },
          },
        },
        responses: {
          '200': { description: 'OK.' },
          '402': { $ref: '#/components/responses/InsufficientCredits' },
          '429': { $ref: '#/components/responses/TooManyRequests' },
        },
      },
    },
    '/api/apps': { get: { responses: { '200': { $ref: '#/components/responses/Other' } } } },
  },
  components: {
    schemas: { Error: { type: 'object' }, Unused: { type: 'string' } },
    responses: {
      InsufficientCredits: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      TooManyRequests: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      Other: { description: 'Other' },
    },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey' } },
  },
};

const INPUTS: ApiInput[] = [
  { key: 'input_text', label: 'Topic', kind: 'text', options: [], example: 'Topic' },
  { key: 'selected_option', label: 'Tone', kind: 'choice', options: ['Warm', 'Dry'], example: 'Warm' },
];

describe('openApiFragment', () => {
  const fragment = openApiFragment(DOCUMENT, {
    origin: 'https://blocksmith.example',
    slug: 'post-writer-1',
    name: 'Post writer',
    inputs: INPUTS,
  })!;

  it('is the run operation at the app’s own address on the product’s origin', () => {
    expect(fragment.openapi).toBe('3.1.0');
    expect(fragment.servers).toEqual([{ url: 'https://blocksmith.example' }]);
    expect(Object.keys(fragment.paths as object)).toEqual(['/api/published/post-writer-1/run']);
    const post = (fragment.paths as Record<string, { post: Record<string, unknown> }>)[
      '/api/published/post-writer-1/run'
    ]!.post;
    expect(post.operationId).toBe('postPublishedBySlugRun');
    expect(post.parameters).toBeUndefined();
    expect(fragment.info).toMatchObject({ title: 'Post writer API', version: '1.2.0' });
  });

  it('names the inputData properties after the app’s inputs', () => {
    const post = (fragment.paths as Record<string, { post: { requestBody: unknown } }>)[
      '/api/published/post-writer-1/run'
    ]!.post;
    expect(post.requestBody).toMatchObject({
      required: true,
      content: {
        'application/json': {
          schema: {
            required: ['inputData'],
            properties: {
              inputData: {
                type: 'object',
                properties: {
                  input_text: { type: 'string', description: 'Topic' },
                  selected_option: { type: 'string', description: 'Tone', enum: ['Warm', 'Dry'] },
                },
              },
            },
          },
        },
      },
    });
  });

  it('carries the components it refers to, and no others', () => {
    expect(fragment.components).toEqual({
      responses: {
        InsufficientCredits: DOCUMENT.components.responses.InsufficientCredits,
        TooManyRequests: DOCUMENT.components.responses.TooManyRequests,
      },
      schemas: { Error: { type: 'object' } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    });
  });

  it('is null when the document has no such operation', () => {
    expect(openApiFragment({ paths: {} }, { origin: 'x', slug: 's', name: 'n', inputs: [] })).toBeNull();
    expect(openApiFragment({}, { origin: 'x', slug: 's', name: 'n', inputs: [] })).toBeNull();
  });
});
