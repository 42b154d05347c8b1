import { defineBlock, field, output, type UpstreamValue } from '@blocksmith/block-sdk';
import type { SandboxLimits } from './run-in-sandbox';
import { SandboxPool, workerFile } from './sandbox-pool';
import { sandboxThreads } from './sandbox-threads';

/** The same for every script: a creator cannot raise them. */
export const CODE_LIMITS: SandboxLimits = {
  timeMs: 1000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  resultChars: 1_000_000,
  logChars: 10_000,
  logLines: 1_000,
};

let pool: SandboxPool | undefined;

/** The threads scripts run in, sized to the machine (see sandboxThreads), shared fairly by account. */
export function sandboxes(): SandboxPool {
  pool ??= new SandboxPool(workerFile(), { threads: sandboxThreads() });
  return pool;
}

const DEFAULT_CODE = `// input: the connected block's value; inputs: every upstream variable by name.
const text = String(input ?? '');
return { text, words: text.split(/\\s+/).filter(Boolean).length };`;

/** The connected value, or the connected values by variable name when there are several. */
function directInput(upstream: readonly UpstreamValue[]): unknown {
  if (upstream.length === 0) return null;
  if (upstream.length === 1) return upstream[0]!.value ?? null;
  return Object.fromEntries(upstream.map((u) => [u.name, u.value ?? null]));
}

export const code = defineBlock({
  kind: 'code',
  name: 'Code',
  description:
    'Runs your JavaScript function over the connected values and passes on what it returns. Code that runs past its 1-second limit is stopped and its credit is not refunded.',
  category: 'ai',
  cost: 1,
  // A richer block: plans that include full blocks may add it (see the plans table).
  tier: 'full',
  settings: {
    code: field.text({
      label: 'Code',
      multiline: true,
      default: DEFAULT_CODE,
      maxLength: 20_000,
      help: 'The body of a function: `input` is the connected value, `inputs` every upstream variable by name. Return text, a number, a list or an object. It has 1 second: code still running then is stopped, and its credit is not refunded.',
    }),
  },
  outputs: { code_result: output.json('What the function returned (any JSON value)') },
  // Connected to an agent's tools handle: the model gives `input`, and reads what the code returns.
  tool: {
    description:
      'Runs a JavaScript function the app’s creator wrote over `input` and answers what it returns (JSON). Give the value the function works on.',
    parameters: {
      type: 'object',
      properties: {
        input: { description: 'The value the function works on: text, a number, a list or an object.' },
      },
      required: ['input'],
    },
  },
  async run(ctx) {
    const inputs = Object.fromEntries(Object.keys(ctx.variables).map((name) => [name, ctx.variables[name]]));
    const result = await sandboxes().run({
      account: ctx.account,
      body: ctx.settings.code,
      input: directInput(ctx.upstream),
      inputs,
      limits: CODE_LIMITS,
      signal: ctx.signal,
      onLog: (line) => ctx.progress(`${line}\n`),
    });
    return { code_result: result };
  },
});
