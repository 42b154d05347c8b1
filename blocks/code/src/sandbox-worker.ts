import { BlockOverrunError } from '@blocksmith/block-sdk';
import { parentPort } from 'node:worker_threads';
import { runInSandbox, ScriptError } from './run-in-sandbox';
import type { SandboxJob, SandboxReply } from './sandbox-messages';

/**
 * A worker thread that runs scripts one at a time (`sandbox-pool.ts` sends them), so a script's
 * second of work never holds up the server's event loop. A run stopped meanwhile, or a script
 * stuck past its time limit, is handled by the pool, which ends the whole thread.
 */
const port = parentPort;
if (!port) throw new Error('sandbox-worker runs as a worker thread.');
const notStopped = new AbortController().signal;

port.on('message', (job: SandboxJob) => {
  const reply = (message: SandboxReply) => port.postMessage(message);
  runInSandbox({
    body: job.body,
    input: JSON.parse(job.input) as unknown,
    inputs: JSON.parse(job.inputs) as Record<string, unknown>,
    limits: job.limits,
    signal: notStopped,
    onStart: () => reply({ id: job.id, started: true }),
    onLog: (line) => reply({ id: job.id, log: line }),
  }).then(
    (result) => reply({ id: job.id, result: JSON.stringify(result) }),
    (error: unknown) =>
      reply({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
        script: error instanceof ScriptError || error instanceof BlockOverrunError,
        ...(error instanceof BlockOverrunError && { usedMs: error.usedMs }),
      }),
  );
});
