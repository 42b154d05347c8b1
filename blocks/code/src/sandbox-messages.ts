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
 * What a worker answers about job `id`: that the engine is loaded and the script's clock runs,
 * console lines, then its result or its failure (`usedMs` when it was stopped at its time limit).
 */
export type SandboxReply =
  | { id: number; started: true }
  | { id: number; log: string }
  | { id: number; result: string }
  | { id: number; error: string; script: boolean; usedMs?: number };
