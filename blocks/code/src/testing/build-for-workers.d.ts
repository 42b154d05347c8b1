/** Builds the Code block's sandbox worker (and what it needs) unless this test run already did. */
export function buildForWorkers(): void;
/** The environment variable Jest's global setup sets once it has built the worker. */
export const WORKER_BUILT: string;
