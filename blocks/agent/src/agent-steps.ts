/** One tool call the agent made (or was refused), as the `steps` output keeps it. */
export interface AgentStep {
  /** The model's turn that asked for it, from 1. */
  turn: number;
  tool: string;
  arguments: Record<string, unknown>;
  /** What the tool answered; absent when it failed or was not called. */
  answer?: string;
  /** Why it failed, or why it was not called (the model was told). */
  error?: string;
  /** How long the call took; 0 when it was not made. */
  ms: number;
  /** Credits the call cost (an AI block as a tool, an app's price and blocks); absent when free. */
  credits?: number;
  /** A call to an app: the run record it made. */
  runId?: string;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}

/** `Calling search with {"q":"cats"}` */
export function callingLine(tool: string, args: Record<string, unknown>): string {
  return `Calling ${tool} with ${clip(JSON.stringify(args), 300)}\n`;
}

/** `search answered in 120 ms: ...`, `search failed after 30000 ms: ...`, `search was not called: ...` */
export function answeredLine(step: AgentStep, made: boolean): string {
  if (!made) return `${step.tool} was not called: ${clip(step.error ?? '', 300)}\n`;
  if (step.error !== undefined) return `${step.tool} failed after ${step.ms} ms: ${clip(step.error, 300)}\n`;
  return `${step.tool} answered in ${step.ms} ms: ${clip(step.answer ?? '', 200)}\n`;
}

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
