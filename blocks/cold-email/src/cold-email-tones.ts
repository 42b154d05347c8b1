/** The Tone setting's choices. */
export const COLD_EMAIL_TONES = [
  { value: 'friendly', label: 'Friendly' },
  { value: 'professional', label: 'Professional' },
  { value: 'bold', label: 'Bold' },
] as const;

export type ColdEmailTone = (typeof COLD_EMAIL_TONES)[number]['value'];

/** How each tone is described to the model. */
export const TONE_INSTRUCTIONS: Readonly<Record<ColdEmailTone, string>> = {
  friendly: 'friendly: warm and conversational, like a note from a helpful peer',
  professional: 'professional: clear, courteous and businesslike',
  bold: 'bold: confident and direct, with a striking first line, but never pushy or rude',
};
