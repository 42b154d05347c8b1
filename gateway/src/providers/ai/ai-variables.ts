import type { Env } from './env-values';

/** The variables the server's AI is read from (the rest of the environment is not kept). */
const AI_VARIABLE = /^(OPENAI|ANTHROPIC|GEMINI|OLLAMA|MODEL|DEFAULT)_/;

/** The environment's AI variables alone, for reading them again with the admin page's settings over them. */
export function aiVariables(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => AI_VARIABLE.test(name)));
}
