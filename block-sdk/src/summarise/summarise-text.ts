import { AiOutputError } from '../errors';
import type { RunContext } from '../run-context';
import { CHUNK_SIZE, splitIntoChunks } from './split-into-chunks';
import { LENGTH_GUIDANCE, type SummaryLength } from './summary-lengths';

/** The part of a run context summarising needs. */
export type SummaryContext = Pick<RunContext<unknown>, 'ai' | 'render'>;

export interface SummaryOptions {
  length: SummaryLength;
  /** What the summary should pay most attention to; blank for nothing in particular. */
  focus?: string;
  /** Largest part read in one call (CHUNK_SIZE unless a test wants smaller parts). */
  chunkSize?: number;
  /** The model that reads and summarises (the block's model setting); the server's default without it. */
  model?: string;
}

export const SUMMARY_SYSTEM =
  'You summarise texts faithfully. Use only what the text says and never add facts. Write in the language of the text.';

/** Text that fits in one part is summarised in one streamed call. */
export const SUMMARY_PROMPT =
  'Summarise the text below as {{length_guidance}}.{{focus_instruction}}\n\nText:\n"""\n{{text}}\n"""';

/** Longer text: notes on each part first (not streamed)... */
export const PART_NOTES_PROMPT =
  'This is part {{part}} of {{parts}} of a longer text. Write notes of {{notes_size}} on it, keeping every main point, name, number and conclusion, so they can be combined with the notes on the other parts into one summary.{{focus_instruction}}\n\nPart {{part}} of {{parts}}:\n"""\n{{text}}\n"""';

/** ...then one streamed call combines the notes into the summary. */
export const COMBINE_PROMPT =
  'Below are notes on consecutive parts of one text, in order. Combine them into {{length_guidance}} of the whole text. Do not mention parts or notes.{{focus_instruction}}\n\nNotes:\n"""\n{{notes}}\n"""';

/** Notes longer than this many parts are condensed again (at most MAX_CONDENSE_ROUNDS times). */
const COMBINE_LIMIT_IN_PARTS = 4;
const MAX_CONDENSE_ROUNDS = 3;
/** Parts read at the same time: long texts finish sooner without flooding the AI service. */
const PARALLEL_PARTS = 4;

/**
 * Summarises text of any length. Text that fits in one part gets one streamed call; longer text is
 * split on paragraph and sentence boundaries, each part is turned into notes (not streamed), and
 * the notes are combined into one streamed summary. Notes too long to combine in one call are
 * condensed the same way first.
 */
export async function summariseText(
  ctx: SummaryContext,
  text: string,
  options: SummaryOptions,
): Promise<string> {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const model = options.model ? { model: options.model } : {};
  const guidance = LENGTH_GUIDANCE[options.length];
  const focus = options.focus?.trim() ?? '';
  const shared = {
    length_guidance: guidance.summary,
    notes_size: guidance.notes,
    focus_instruction: focus === '' ? '' : `\nPay particular attention to: ${focus}`,
  };
  const parts = splitIntoChunks(text, chunkSize);
  let summary: string;
  if (parts.length <= 1) {
    const prompt = ctx.render(SUMMARY_PROMPT, { ...shared, text: parts[0] ?? '' });
    summary = await ctx.ai.text({ system: SUMMARY_SYSTEM, prompt, ...model });
  } else {
    let notes = await notesOnParts(ctx, parts, shared, model);
    for (let round = 1; round <= MAX_CONDENSE_ROUNDS; round++) {
      if (notes.join('\n\n').length <= chunkSize * COMBINE_LIMIT_IN_PARTS) break;
      notes = await notesOnParts(ctx, splitIntoChunks(notes.join('\n\n'), chunkSize), shared, model);
    }
    const prompt = ctx.render(COMBINE_PROMPT, { ...shared, notes: notes.join('\n\n') });
    summary = await ctx.ai.text({ system: SUMMARY_SYSTEM, prompt, ...model });
  }
  const trimmed = summary.trim();
  if (trimmed === '') throw new AiOutputError('The AI returned an empty summary. Run the app again.');
  return trimmed;
}

async function notesOnParts(
  ctx: SummaryContext,
  parts: readonly string[],
  shared: Readonly<Record<string, string>>,
  model: { model?: string },
): Promise<string[]> {
  const notes: string[] = new Array<string>(parts.length).fill('');
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < parts.length) {
      const index = next++;
      const prompt = ctx.render(PART_NOTES_PROMPT, {
        ...shared,
        part: index + 1,
        parts: parts.length,
        text: parts[index],
      });
      notes[index] = (
        await ctx.ai.text({ system: SUMMARY_SYSTEM, prompt, ...model }, { stream: false })
      ).trim();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, parts.length) }, worker));
  return notes;
}
