import { BlockOverrunError } from '@blocksmith/block-sdk';
import { parentPort } from 'node:worker_threads';
import { runInSandbox, ScriptError } from './run-in-sandbox';
import type { SandboxJob, SandboxReply } from './sandbox-messages';
import { statCpuMs, threadCpuMs, threadStatFile } from './thread-cpu';

/**
 * A worker thread that runs scripts one at a time (`sandbox-pool.ts` sends them), so a script's
 * second of work never holds up the server's event loop. A run stopped meanwhile, or a script
 * stuck past its time limit, is handled by the pool, which ends the whole thread.
 */
const port = parentPort;
if (!port) throw new Error('sandbox-worker runs as a worker thread.');
const notStopped = new AbortController().signal;
/** Where the pool reads this thread's CPU time, to end a script stuck in one long call. */
const cpuFile = threadStatFile();

/** The thread's CPU time as a script starts, with where the pool reads it from then on. */
function cpuAtStart(): { file: string; ms: number } | undefined {
  if (cpuFile === undefined) return undefined;
  // The thread's own clock is cheaper to read than the file, and agrees with it to the file's 10 ms.
  const ms = threadCpuMs() ?? statCpuMs(cpuFile);
  return ms === undefined ? undefined : { file: cpuFile, ms };
}

port.on('message', (job: SandboxJob) => {
  const reply = (message: SandboxReply) => port.postMessage(message);
  runInSandbox({
    body: job.body,
    input: JSON.parse(job.input) as unknown,
    inputs: JSON.parse(job.inputs) as Record<string, unknown>,
    limits: job.limits,
    signal: notStopped,
    onStart: () => reply({ id: job.id, started: true, cpu: cpuAtStart() }),
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
