import type { ToolCallRecord } from '@blocksmith/schema';

/**
 * One tool call the agent made (or was refused), as the `agent_steps` output keeps it: what its
 * `tool_call` event said when it ended, without the call's number and status (a refused call has
 * `error` and `ms` 0; a failed one `error`; an answered one `answer`).
 */
export type AgentStep = Omit<ToolCallRecord, 'call' | 'status' | 'ms'> & { ms: number };

/** What the answer says when the agent stopped at its credit limit, after what it had said so far. */
export function creditLimitAnswer(partial: string, maxCredits: number): string {
  const note = `The agent stopped at its limit of ${maxCredits} credit${maxCredits === 1 ? '' : 's'} for tools and further steps before it finished; the tool calls it made are in its steps. Raise "Maximum credits" or narrow the instructions, then run again.`;
  return partial.trim() === '' ? note : `${partial.trim()}\n\n${note}`;
}

/** What the answer says when the agent stopped at its step limit, after what it had said so far. */
export function stepLimitAnswer(partial: string, maxSteps: number): string {
  const note = `The agent stopped at its limit of ${maxSteps} step${maxSteps === 1 ? '' : 's'} before it finished; the tool calls it made are in its steps. Raise "Maximum steps" or narrow the instructions, then run again.`;
  return partial.trim() === '' ? note : `${partial.trim()}\n\n${note}`;
}
