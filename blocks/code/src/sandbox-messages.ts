import type { SandboxLimits } from './run-in-sandbox';

/** A script for a sandbox worker: inputs travel as JSON text, as they enter the engine. */
export interface SandboxJob {
  id: number;
  body: string;
  input: string;
  inputs: string;
  limits: SandboxLimits;
}

/** What a worker answers about job `id`: a console line, then its result or its failure. */
export type SandboxReply =
  | { id: number; log: string }
  | { id: number; result: string }
  | { id: number; error: string; script: boolean };
