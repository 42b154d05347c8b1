/** The Target language setting's choices; the label is the name the prompt uses. */
export const TARGET_LANGUAGES = [
  { value: 'Arabic', label: 'Arabic' },
  { value: 'Chinese', label: 'Chinese (Simplified)' },
  { value: 'Dutch', label: 'Dutch' },
  { value: 'English', label: 'English' },
  { value: 'French', label: 'French' },
  { value: 'German', label: 'German' },
  { value: 'Hindi', label: 'Hindi' },
  { value: 'Italian', label: 'Italian' },
  { value: 'Japanese', label: 'Japanese' },
  { value: 'Korean', label: 'Korean' },
  { value: 'Polish', label: 'Polish' },
  { value: 'Portuguese', label: 'Portuguese' },
  { value: 'Russian', label: 'Russian' },
  { value: 'Spanish', label: 'Spanish' },
  { value: 'Turkish', label: 'Turkish' },
] as const;

export type TargetLanguage = (typeof TARGET_LANGUAGES)[number]['value'];

export function languageName(value: TargetLanguage): string {
  return TARGET_LANGUAGES.find((l) => l.value === value)?.label ?? value;
}
