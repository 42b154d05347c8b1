/** The core Y Combinator application questions, in the order the sections follow. */
export const YC_QUESTIONS = [
  'What are you making?',
  'Who are the founders?',
  'How far along are you?',
  'Why did you pick this idea to work on?',
  'Who are your competitors?',
  'How will you make money?',
] as const;

export type YcQuestion = (typeof YC_QUESTIONS)[number];
