import { YC_QUESTIONS, type YcQuestion } from './yc-questions';

export interface YcSection {
  question: YcQuestion;
  answer: string;
  /** 0 to 10. */
  score: number;
  feedback: string;
}

/** The `ycApplication` output the result display reads. */
export interface YcApplication {
  /** 0 to 10. */
  overallScore: number;
  overallFeedback: string;
  /** At least 3, most important first. */
  recommendations: string[];
  /** The application rewritten as complete answers. */
  fullApplication: string;
  /** One per core question, in YC_QUESTIONS order. */
  sections: YcSection[];
}

export const MIN_RECOMMENDATIONS = 3;

const VISIBLE_TEXT = { type: 'string', pattern: '\\S' } as const;
const SCORE = { type: 'number', minimum: 0, maximum: 10 } as const;

/** Sections must be exactly the core questions, in order, each question copied word for word. */
export const YC_APPLICATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['overallScore', 'overallFeedback', 'recommendations', 'fullApplication', 'sections'],
  properties: {
    overallScore: SCORE,
    overallFeedback: VISIBLE_TEXT,
    recommendations: { type: 'array', minItems: MIN_RECOMMENDATIONS, maxItems: 10, items: VISIBLE_TEXT },
    fullApplication: VISIBLE_TEXT,
    sections: {
      type: 'array',
      minItems: YC_QUESTIONS.length,
      maxItems: YC_QUESTIONS.length,
      prefixItems: YC_QUESTIONS.map((question) => ({
        type: 'object',
        additionalProperties: false,
        required: ['question', 'answer', 'score', 'feedback'],
        properties: {
          question: { const: question },
          answer: VISIBLE_TEXT,
          score: SCORE,
          feedback: VISIBLE_TEXT,
        },
      })),
      items: false,
    },
  },
} as const;
