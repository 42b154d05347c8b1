/** An app's test set as the server keeps it and the workbench edits it: cases and their checks. */

/** The kinds of check a case can make on a run's answers. */
export const CHECK_TYPES = [
  'equals',
  'contains',
  'matches',
  'jsonSchema',
  'range',
  'label',
  'judge',
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

/**
 * One check of a case. `target` is what it looks at: `answer` (the default: the last block's
 * first output), an answer key as the run's flat result names it (`classification`, `text_2`), a
 * block id, or `blockId.output`.
 */
export interface TestCheck {
  type: CheckType;
  target: string;
  /** equals, contains: the expected text. */
  value?: string;
  /** equals, contains, label: compare without regard to case. */
  ignoreCase?: boolean;
  /** matches: the pattern (the subset the gateway's safe-pattern.ts takes). */
  pattern?: string;
  /** jsonSchema: the schema the answer must be valid against. */
  schema?: Record<string, unknown>;
  /** range: the bounds, inclusive; either may be left out. */
  min?: number;
  max?: number;
  /** label: the label a classification must have. */
  label?: string;
  /** judge: what a good answer is, for the model to judge against. */
  rubric?: string;
  /** judge: a model of the catalogue (the server's default when left out). */
  model?: string;
}

export interface TestCase {
  id: string;
  name: string;
  /** The run's inputs, keyed by input name (text, a dropdown choice, a number, yes/no, a file id). */
  inputs: Record<string, string | number | boolean>;
  checks: TestCheck[];
  /** The run it was kept from, when it was. */
  sourceRunId: string | null;
}
