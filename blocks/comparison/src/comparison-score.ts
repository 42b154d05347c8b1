/** The scored comparison the AI answers, and what `comparison_result` holds with output type Score. */
export interface ComparisonScore {
  winner: 'A' | 'B' | 'tie';
  /** From 0 to 10. */
  score_a: number;
  /** From 0 to 10. */
  score_b: number;
  reasoning: string;
}

export const COMPARISON_SCORE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['winner', 'score_a', 'score_b', 'reasoning'],
  properties: {
    winner: { type: 'string', enum: ['A', 'B', 'tie'] },
    score_a: { type: 'number', minimum: 0, maximum: 10 },
    score_b: { type: 'number', minimum: 0, maximum: 10 },
    reasoning: { type: 'string', minLength: 1 },
  },
} as const;
