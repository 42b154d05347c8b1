import { BlockError, scrubSecrets, type RevealedSecrets } from '@blocksmith/block-sdk';

/** How much of an error answer the block's failure quotes. */
const EXCERPT_CHARACTERS = 200;

/**
 * The failure for a 4xx or 5xx answer: its status and the start of its body. The secrets the
 * request sent are masked first, in the answer as it came (an API that echoes a header would show
 * them), before spaces are folded or the excerpt is cut, so neither hides a secret from the mask.
 */
export function statusProblem(
  status: number,
  statusText: string,
  body: Buffer,
  secrets: RevealedSecrets,
): BlockError {
  const answered = scrubSecrets(new TextDecoder().decode(body.subarray(0, 400)), secrets);
  const text = answered.replace(/\s+/g, ' ').trim();
  const excerpt =
    text === ''
      ? ''
      : `: ${text.length > EXCERPT_CHARACTERS ? `${text.slice(0, EXCERPT_CHARACTERS)}…` : text}`;
  const reason = scrubSecrets(statusText, secrets);
  return new BlockError(`The server answered ${status}${reason ? ` ${reason}` : ''}${excerpt}`);
}
