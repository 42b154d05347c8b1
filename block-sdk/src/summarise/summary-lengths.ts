import { field } from '../fields';

/** The Length setting's choices, as the properties form shows them. */
export const SUMMARY_LENGTHS = [
  { value: 'short', label: 'Short' },
  { value: 'medium', label: 'Medium' },
  { value: 'detailed', label: 'Detailed' },
] as const;

export type SummaryLength = (typeof SUMMARY_LENGTHS)[number]['value'];

/** The Length setting, declared once for every block that summarises. */
export const summaryLengthSetting = field.select({
  label: 'Length',
  options: SUMMARY_LENGTHS,
  default: 'medium',
  help: 'How long the summary should be.',
});

/** What each length asks of the final summary, and of the notes taken on each part of a long text. */
export const LENGTH_GUIDANCE: Readonly<Record<SummaryLength, { summary: string; notes: string }>> = {
  short: { summary: 'a short summary: one paragraph of 3 to 5 sentences', notes: 'about 80 words' },
  medium: { summary: 'a summary of 2 to 4 paragraphs covering the main points', notes: 'about 150 words' },
  detailed: {
    summary:
      'a detailed summary in Markdown: a short overview paragraph, then one section per main topic with bullet points for the key facts, figures and conclusions',
    notes: 'about 300 words',
  },
};
