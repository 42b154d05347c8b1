import {
  BlockError,
  BlockInputError,
  defineBlock,
  field,
  output,
  SECRET_REFERENCE,
  type RunContext,
} from '@blocksmith/block-sdk';
import { AddressGuard, systemResolver, type Resolver } from './address-guard';
import { answerBody } from './answer-body';
import { fillJson, fillUrl, type Lookup } from './fill-template';
import { operatorAllowList } from './operator-allow-list';
import { requestHeaders } from './request-headers';
import { sendRequest, type SendLimits } from './send-request';

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

/** The names of the secrets a template uses (`{{secret.NAME}}`), each once. */
function secretNames(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(SECRET_REFERENCE), (match) => match[1]!))];
}

/** The part of a URL template before its path, query or fragment: its scheme, host and port. */
function addressPart(template: string): string {
  const scheme = template.indexOf('://');
  const start = scheme === -1 ? 0 : scheme + 3;
  const end = template.slice(start).search(/[/?#]/);
  return end === -1 ? template : template.slice(0, start + end);
}

/**
 * Reads the owner's secrets the Headers setting names. Secrets go in headers only, and only to an
 * address written out in the URL: were the host filled from a variable, whoever runs the app could
 * send the owner's secret to a server of their choosing.
 */
async function headerSecrets(
  ctx: Pick<RunContext<unknown>, 'secret'>,
  settings: { url: string; body: string; headers: string },
): Promise<Map<string, string>> {
  for (const [label, template] of [
    ['URL', settings.url],
    ['JSON body', settings.body],
  ] as const) {
    const [name] = secretNames(template);
    if (name !== undefined) {
      throw new BlockInputError(
        `"${label}" uses {{secret.${name}}}: secrets can be used in Headers only, where they are never shown. Move it there.`,
      );
    }
  }
  const names = secretNames(settings.headers);
  const values = new Map<string, string>();
  if (names.length === 0) return values;
  if (addressPart(settings.url).includes('{{')) {
    throw new BlockInputError(
      `"Headers" sends the secret ${names[0]}, so the URL's address must be written out, not filled in from a variable: start "URL" with https://your-api.example.com and keep {{variables}} in its path or query.`,
    );
  }
  for (const name of names) {
    const value = await ctx.secret(name);
    if (value === undefined) {
      throw new BlockInputError(
        `"Headers" uses {{secret.${name}}}, but there is no secret named ${name}. The app's owner adds it on the Secrets page (account menu), then runs the app again.`,
      );
    }
    values.set(name, value);
  }
  return values;
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

function statusProblem(status: number, statusText: string, body: Buffer): BlockError {
  const text = new TextDecoder().decode(body.subarray(0, 400)).replace(/\s+/g, ' ').trim();
  const excerpt = text === '' ? '' : `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
  return new BlockError(`The server answered ${status}${statusText ? ` ${statusText}` : ''}${excerpt}`);
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
        placeholder: 'https://api.example.com/items?q={{input_text}}',
        maxLength: 2000,
        help: 'http or https. {{variables}} from upstream blocks are filled in, encoded in the path and query.',
      }),
      headers: field.text({
        label: 'Headers',
        multiline: true,
        default: '',
        required: false,
        maxLength: 8000,
        placeholder: 'Authorization: Bearer {{secret.API_TOKEN}}',
        help: 'One "Name: value" per line; values may use {{variables}}, and your secrets as {{secret.NAME}} (saved on the Secrets page, never shown again).',
      }),
      body: field.text({
        label: 'JSON body',
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
    async run(ctx) {
      const { settings } = ctx;
      const { method } = settings;
      const secrets = await headerSecrets(ctx, settings);
      const lookup = variableLookup(ctx);
      const url = parseUrl(fillUrl(settings.url, 'URL', lookup));
      const headers = {
        ...DEFAULT_HEADERS,
        ...requestHeaders(settings.headers, (name) => {
          const secret = name.startsWith('secret.') ? secrets.get(name.slice('secret.'.length)) : undefined;
          return secret === undefined ? lookup(name) : { found: true, value: secret };
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
      const guard = new AddressGuard(operatorAllowList(), resolver);
      const answer = await sendRequest({ method, url, headers, body }, guard, limits, ctx.signal);
      if (settings.fail_on_error_status && answer.status >= 400) {
        throw statusProblem(answer.status, answer.statusText, answer.body);
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
