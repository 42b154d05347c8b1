import { OPENAPI_FRAGMENT } from '../texts/api-texts';
import type { ApiInput } from './api-snippets';

/** The server's operation that runs a published app by its address. */
export const PUBLISHED_RUN_PATH = '/api/published/{slug}/run';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every `$ref` inside `value` (local ones, `#/components/...`). */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/')) found.add(inner);
      else refsIn(inner, found);
    }
  }
}

/**
 * The components `start` refers to, and those they refer to in turn, copied from `document` into
 * a `components` object of the same shape.
 */
function referencedComponents(document: Json, start: unknown): Json {
  const components: Record<string, Json> = {};
  const seen = new Set<string>();
  const pending = new Set<string>();
  refsIn(start, pending);
  while (pending.size > 0) {
    const [ref] = pending;
    pending.delete(ref!);
    if (seen.has(ref!)) continue;
    seen.add(ref!);
    const [, , section, name] = ref!.split('/');
    const source = isObject(document.components) ? document.components[section!] : undefined;
    const value = isObject(source) ? source[name!] : undefined;
    if (value === undefined) continue;
    (components[section!] ??= {})[name!] = value;
    refsIn(value, pending);
  }
  return components;
}

/** The inputData object's schema: one string property per input, named and described. */
function inputDataSchema(inputs: readonly ApiInput[]): Json {
  const properties = Object.fromEntries(
    inputs.map((input) => [
      input.key,
      {
        type: 'string',
        description: input.label,
        ...(input.kind === 'choice' && input.options.length > 0 ? { enum: input.options } : {}),
        examples: [input.example],
      },
    ]),
  );
  return { type: 'object', description: OPENAPI_FRAGMENT.inputData, properties };
}

/**
 * The app's own OpenAPI description: the server's `POST /api/published/{slug}/run` operation with
 * the address filled in, its `inputData` properties named after the app's inputs, and the
 * components and security scheme it uses. Null when the document has no such operation.
 */
export function openApiFragment(
  document: Json,
  app: { origin: string; slug: string; name: string; inputs: readonly ApiInput[] },
): Json | null {
  const path = isObject(document.paths) ? document.paths[PUBLISHED_RUN_PATH] : undefined;
  const operation = isObject(path) && isObject(path.post) ? path.post : null;
  if (!operation) return null;
  const parameters = Array.isArray(operation.parameters)
    ? operation.parameters.filter((parameter) => !(isObject(parameter) && parameter.name === 'slug'))
    : [];
  const { parameters: _slug, requestBody: _body, ...rest } = operation;
  const post: Json = {
    ...rest,
    ...(parameters.length > 0 ? { parameters } : {}),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['inputData'],
            properties: { inputData: inputDataSchema(app.inputs) },
          },
        },
      },
    },
  };
  const components = referencedComponents(document, post);
  const schemes = isObject(document.components) ? document.components.securitySchemes : undefined;
  const used = new Set<string>();
  for (const requirement of Array.isArray(post.security) ? post.security : []) {
    if (isObject(requirement)) for (const name of Object.keys(requirement)) used.add(name);
  }
  if (isObject(schemes) && used.size > 0) {
    components.securitySchemes = Object.fromEntries(
      Object.entries(schemes).filter(([name]) => used.has(name)),
    );
  }
  const info = isObject(document.info) ? document.info : {};
  return {
    openapi: typeof document.openapi === 'string' ? document.openapi : '3.1.0',
    info: {
      title: OPENAPI_FRAGMENT.title(app.name),
      version: typeof info.version === 'string' ? info.version : '1.0.0',
      description: OPENAPI_FRAGMENT.description(app.name),
    },
    servers: [{ url: app.origin }],
    paths: { [`/api/published/${encodeURIComponent(app.slug)}/run`]: { post } },
    ...(Object.keys(components).length > 0 ? { components } : {}),
  };
}
