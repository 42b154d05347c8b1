/** The kind of value an output holds. */
export type OutputType = 'text' | 'json' | 'url' | 'number' | 'list';

/** One output a block declares: its name (the variable later blocks read) and its type. */
export interface OutputSpec {
  name: string;
  type: OutputType;
  description?: string;
}
