/** The Strictness setting's choices. */
export const STRICTNESS_LEVELS = [
  { value: 'lenient', label: 'Lenient' },
  { value: 'standard', label: 'Standard' },
  { value: 'tough', label: 'Tough' },
] as const;

export type Strictness = (typeof STRICTNESS_LEVELS)[number]['value'];

/** How each level tells the model to score. */
export const STRICTNESS_INSTRUCTIONS: Readonly<Record<Strictness, string>> = {
  lenient:
    'score generously, as an encouraging mentor: reward potential and give the benefit of the doubt where details are missing.',
  standard:
    'score as a typical YC partner would: 5 is an average application, 8 or more is strong, and missing information lowers a score.',
  tough:
    'score as a demanding YC partner who reads thousands of applications: keep 8 or more for truly outstanding answers and mark vague claims, missing evidence and unclear traction down hard.',
};
