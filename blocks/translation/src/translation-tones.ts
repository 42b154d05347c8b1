/** The Tone setting's choices. */
export const TRANSLATION_TONES = [
  { value: 'neutral', label: 'Neutral' },
  { value: 'formal', label: 'Formal' },
  { value: 'informal', label: 'Informal' },
] as const;

export type TranslationTone = (typeof TRANSLATION_TONES)[number]['value'];

/** The sentence each tone adds to the prompt. */
export const TONE_INSTRUCTIONS: Readonly<Record<TranslationTone, string>> = {
  neutral: 'Keep the tone and register of the original.',
  formal: 'Use a formal register, with formal forms of address where the language has them.',
  informal: 'Use a relaxed, informal register, with informal forms of address where the language has them.',
};
