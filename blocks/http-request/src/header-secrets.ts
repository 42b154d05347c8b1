import { BlockInputError, SECRET_REFERENCE, type RunContext } from '@blocksmith/block-sdk';
import { fillUrlWith, unencodedUrlPlaceholder } from './fill-template';

/** Two fillings of every placeholder: a host that holds one, or changes with them, is not written out. */
const MARKERS = ['zq0secretmarka', 'zq1secretmarkb'] as const;

/** The names of the secrets a template uses (`{{secret.NAME}}`), each once. */
export function secretNames(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(SECRET_REFERENCE), (match) => match[1]!))];
}

/** The host and port a URL filled with `marker` in every placeholder reaches, as the request parses it. */
function hostWith(template: string, marker: string): string | undefined {
  try {
    return new URL(fillUrlWith(template, marker).trim()).host;
  } catch {
    return undefined;
  }
}

/**
 * True when a value filled into the URL template could choose the host a request goes to. Values
 * that go in as they are (before the path) can; percent-encoded ones can still land in the host
 * (`http:/{{x}}/`, `https:///{{x}}`, tabs and backslashes the URL standard reads past), so the
 * template is parsed as the request will be, filled with two different markers: the host must be
 * the same both times and hold neither.
 */
export function secretsReachPlaceholderHost(template: string): boolean {
  if (!template.includes('{{')) return false;
  if (unencodedUrlPlaceholder(template) !== undefined) return true;
  const hosts = MARKERS.map((marker) => hostWith(template, marker));
  if (hosts[0] === undefined || hosts[1] === undefined || hosts[0] !== hosts[1]) return true;
  return MARKERS.some((marker) => hosts[0]!.includes(marker));
}

/**
 * Reads the owner's secrets the Headers setting names. Secrets go in headers only, and only to an
 * address written out in the URL: were the host filled from a variable, whoever runs the app could
 * send the owner's secret to a server of their choosing.
 */
export async function headerSecrets(
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
  if (secretsReachPlaceholderHost(settings.url)) {
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
