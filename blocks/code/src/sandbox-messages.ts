import type { SandboxLimits } from './run-in-sandbox';

/** A script for a sandbox worker: inputs travel as JSON text, as they enter the engine. */
export interface SandboxJob {
  id: number;
  body: string;
  input: string;
  inputs: string;
  limits: SandboxLimits;
}

/**
 * What a worker answers about job `id`: that the engine is loaded and the script's clock runs (with
 * `cpu`, where available: the file the pool reads the thread's CPU time from, and that time in ms
 * as the script starts; see thread-cpu.ts), console lines, then its result or its failure
 * (`usedMs`, the script's time, when it was stopped at its time limit).
 */
export type SandboxReply =
  | { id: number; started: true; cpu?: { file: string; ms: number } }
  | { id: number; log: string }
  | { id: number; result: string }
  | { id: number; error: string; script: boolean; usedMs?: number };
