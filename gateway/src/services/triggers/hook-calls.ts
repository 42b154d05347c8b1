import { findUnstorableText, unstorableTextMessage } from '@blocksmith/schema';
import type { RateLimiter } from '../../data/rate-limiter';
import { InputError, RateLimitedError } from '../../errors';
import type { StoredRun } from '../runs/run-records';
import type { HookCredentials, HookService } from './hook-service';
import { mappedInputs } from './input-mapping';
import type { OwnerRuns } from './owner-runs';

/** Calls one webhook may make per window, across every process (wrong secrets count too). */
export const HOOK_CALLS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** How long a call waits for its run before answering 202 with the run's id. */
export const HOOK_WAIT_MS = 10_000;

export interface HookCall extends HookCredentials {
  hookId: string;
  /** false: answer 202 with the run's id at once instead of waiting for its end. */
  wait: boolean;
}

/** How a call ended: its run finished within the wait (whatever its outcome), or is still going. */
export type HookCallOutcome =
  { finished: true; run: StoredRun; ownerId: string } | { finished: false; runId: string; ownerId: string };

/**
 * A webhook call: the hook must exist (404), within its rate (429), carry its secret or an HMAC
 * of the body under it (401); then the JSON body, mapped to the app's inputs, runs the app on its
 * owner's credits (source `webhook`). The call waits up to `waitMs` for the run's end.
 */
export class HookCalls {
  /** How long a call waits for its run (HOOK_WAIT_MS); tests may shorten it. */
  waitMs = HOOK_WAIT_MS;

  constructor(
    private readonly deps: {
      hooks: HookService;
      limiter: RateLimiter;
      runs: OwnerRuns;
    },
  ) {}

  async call(call: HookCall): Promise<HookCallOutcome> {
    const { hooks, limiter, runs } = this.deps;
    const hook = await hooks.find(call.hookId);
    const outcome = await limiter.consume(`hook:${hook.id}`, HOOK_CALLS_PER_MINUTE, WINDOW_MS);
    if (!outcome.allowed) {
      throw new RateLimitedError(
        `This webhook was called ${HOOK_CALLS_PER_MINUTE} times in the last minute; try again in ${outcome.retryAfterSeconds} seconds.`,
        { retryAfterSeconds: outcome.retryAfterSeconds },
      );
    }
    await hooks.authenticate(hook, call);
    const inputs = mappedInputs(parsedBody(call.body), hook.mapping);
    const started = await runs.start(hook.appId, inputs, 'webhook');
    await hooks.called(hook.id);
    const { ownerId } = started;
    if (!call.wait) return { finished: false, runId: started.runId, ownerId };
    const run = await withinWait(started.done, this.waitMs);
    if (!run) return { finished: false, runId: started.runId, ownerId };
    return { finished: true, run, ownerId };
  }
}

/** The body as JSON: `{}` when empty; a clear refusal for anything else that is not JSON. */
function parsedBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new InputError('The body is not valid JSON. Send a JSON object (Content-Type: application/json).');
  }
  const unstorable = findUnstorableText(value);
  if (unstorable !== null) throw new InputError(unstorableTextMessage(unstorable));
  return value;
}

/** The run, when it ends within `ms`; null when it is still going. A failure to start is thrown. */
async function withinWait(done: Promise<StoredRun>, ms: number): Promise<StoredRun | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([done, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
