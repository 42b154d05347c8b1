import {
  AddressGuard,
  BlockInputError,
  defineBlock,
  field,
  operatorAllowList,
  output,
  systemResolver,
  type Resolver,
  type RunContext,
} from '@blocksmith/block-sdk';
import { answerBody } from './answer-body';
import { fillJson, fillUrl, type Lookup } from './fill-template';
import { headerSecrets } from './header-secrets';
import { requestHeaders } from './request-headers';
import { sendRequest, type SendLimits } from './send-request';
import { statusProblem } from './status-problem';

const METHODS = [
  { value: 'GET', label: 'GET' },
  { value: 'POST', label: 'POST' },
  { value: 'PUT', label: 'PUT' },
  { value: 'PATCH', label: 'PATCH' },
  { value: 'DELETE', label: 'DELETE' },
  { value: 'HEAD', label: 'HEAD' },
] as const;

/** The most of an answer the block reads, after decompression. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Blocksmith-HTTP-Request/1',
  accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

/** Upstream variables by name, and `{{input_text}}` as the connected blocks' text when no variable has that name. */
function variableLookup(ctx: RunContext<unknown>): Lookup {
  return (name) => {
    if (Object.hasOwn(ctx.variables, name)) return { found: true, value: ctx.variables[name] };
    if (name === 'input_text') return { found: true, value: ctx.primaryText() };
    return { found: false };
  };
}

function parseUrl(text: string): URL {
  try {
    return new URL(text.trim());
  } catch {
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    throw new BlockInputError(
      `"URL" is not a complete address after filling in variables: "${shown}". Start it with https://.`,
    );
  }
}

export interface HttpRequestOptions {
  /** How host names are resolved; the system's resolver unless a test gives another. */
  resolver?: Resolver;
}

/** The block, with the resolver it connects through (tests give one that answers what they need). */
export function createHttpRequest(options: HttpRequestOptions = {}) {
  const resolver = options.resolver ?? systemResolver;
  return defineBlock({
    kind: 'httpRequest',
    name: 'HTTP Request',
    description: 'Calls a web API (GET, POST...) and passes on its status, headers and JSON or text answer.',
    category: 'ai',
    cost: 1,
    // A richer block: plans that include full blocks may add it (see the plans table).
    tier: 'full',
    settings: {
      method: field.select({ label: 'Method', options: METHODS, default: 'GET' }),
      url: field.text({
        label: 'URL',
        template: true,
        placeholder: 'https://api.example.com/items?q={{input_text}}',
        maxLength: 2000,
        help: 'http or https. {{variables}} from upstream blocks are filled in, encoded in the path and query.',
      }),
      headers: field.text({
        label: 'Headers',
        template: true,
        fills: ['secret'],
        multiline: true,
        default: '',
        required: false,
        maxLength: 8000,
        placeholder: 'Authorization: Bearer {{secret.API_TOKEN}}',
        help: 'One "Name: value" per line; values may use {{variables}}, and your secrets as {{secret.NAME}} (saved on the Secrets page, never shown again).',
      }),
      body: field.text({
        label: 'JSON body',
        template: true,
        multiline: true,
        default: '',
        required: false,
        maxLength: 100_000,
        placeholder: '{"text": "{{input_text}}"}',
        help: 'Sent with POST, PUT, PATCH or DELETE. {{variables}} inside quotes become text; elsewhere, JSON values.',
      }),
      timeout_seconds: field.number({
        label: 'Timeout',
        min: 1,
        max: 30,
        default: 10,
        integer: true,
        unit: 's',
        help: 'The whole request, redirects and answer included.',
      }),
      fail_on_error_status: field.boolean({
        label: 'Fail on error status',
        default: true,
        help: 'A 4xx or 5xx answer fails the block. Off: it is passed on with its status.',
      }),
    },
    outputs: {
      http_response: output.json('The answer: { status, headers, body } (body parsed when it is JSON)'),
    },
    // Connected to an agent's tools handle: `{{query}}` in the URL, headers or body is the model's query.
    tool: {
      description:
        'Calls a web API the app’s creator set up and answers its status, headers and body. Give what to look up: it is filled into the request.',
      parameters: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description:
              'What to look up (a search text, a city, an id): filled in where the request says {{query}}.',
          },
        },
        required: ['query'],
      },
      describe: (settings) => `This one sends ${settings.method} ${settings.url.trim().slice(0, 300)}.`,
    },
    async run(ctx) {
      const { settings } = ctx;
      const { method } = settings;
      const secrets = await headerSecrets(ctx, settings);
      const lookup = variableLookup(ctx);
      const url = parseUrl(fillUrl(settings.url, 'URL', lookup));
      const headers = {
        ...DEFAULT_HEADERS,
        ...requestHeaders(settings.headers, (name, reference) => {
          // `{{secret.NAME}}`: the secret, as the one field of `secret`.
          const key = String(reference.path[0]);
          const secret = name === 'secret' && reference.path.length === 1 ? secrets.get(key) : undefined;
          return secret === undefined ? lookup(name, reference) : { found: true, value: { [key]: secret } };
        }),
      };
      let body: string | undefined;
      if (settings.body.trim() !== '') {
        if (method === 'GET' || method === 'HEAD') {
          throw new BlockInputError(
            `A ${method} request has no body: choose POST, PUT, PATCH or DELETE, or clear "JSON body".`,
          );
        }
        body = fillJson(settings.body, 'JSON body', lookup);
        headers['content-type'] ??= 'application/json';
      }
      const limits: SendLimits = {
        timeoutMs: settings.timeout_seconds * 1000,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        maxRedirects: MAX_REDIRECTS,
      };
      const guard = new AddressGuard(operatorAllowList(), resolver, 'The HTTP Request block');
      const secretHeaders = new Set(
        Object.keys(headers).filter((name) => [...secrets.values()].some((v) => headers[name]!.includes(v))),
      );
      const answer = await sendRequest(
        { method, url, headers, secretHeaders, body },
        guard,
        limits,
        ctx.signal,
      );
      if (settings.fail_on_error_status && answer.status >= 400) {
        throw statusProblem(answer.status, answer.statusText, answer.body, secrets);
      }
      return {
        http_response: {
          status: answer.status,
          headers: answer.headers,
          body: answerBody(answer.body, answer.headers['content-type']),
        },
      };
    },
  });
}

export const httpRequest = createHttpRequest();
