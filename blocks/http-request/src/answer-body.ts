import { bareMime, BlockError } from '@blocksmith/block-sdk';

const JSON_TYPE = /^(application\/json|text\/json|application\/[a-z0-9.+-]*\+json)$/;
const TEXT_TYPE =
  /^(text\/[a-z0-9.+-]+|application\/(xml|[a-z0-9.+-]*\+xml|javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|x-yaml|csv|x-ndjson))$/;

function charsetOf(contentType: string): string {
  const charset = /;\s*charset="?([^";\s]+)"?/i.exec(contentType)?.[1];
  if (charset === undefined) return 'utf-8';
  try {
    return new TextDecoder(charset).encoding;
  } catch {
    return 'utf-8';
  }
}

/**
 * What JSON.parse says is wrong, without the piece of the text it quotes (`Unexpected token 'B',
 * ..."h": Bearer abc"... is not valid JSON`): an answer may echo what the request sent, secrets
 * included, and the quoted piece starts wherever the error is, inside a secret too.
 */
function jsonProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BlockError(
      `The server said it answered JSON, but the body is not valid JSON (${jsonProblem(error)}).`,
    );
  }
}

/**
 * The answer's body as the block passes it on: JSON parsed when the server says it is JSON (or says
 * nothing and it is JSON), text for text types, null when empty. Other types (images, PDFs...) are
 * refused: the block reads text and JSON only.
 */
export function answerBody(body: Buffer, contentType: string | undefined): unknown {
  if (body.length === 0) return null;
  const mime = bareMime(contentType ?? '');
  if (JSON_TYPE.test(mime)) return parseJson(new TextDecoder(charsetOf(contentType!)).decode(body));
  if (TEXT_TYPE.test(mime)) return new TextDecoder(charsetOf(contentType!)).decode(body);
  if (mime === '') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      throw new BlockError(
        'The server answered binary data without a type; the block reads text and JSON only.',
      );
    }
    if (/^\s*[[{]/.test(text)) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    return text;
  }
  throw new BlockError(
    `The server answered ${mime}, which is not text or JSON; the block reads text and JSON only.`,
  );
}
