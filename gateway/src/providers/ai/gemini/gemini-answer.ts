import type { Content, GenerateContentResponse } from './gemini-sdk';
import type { AiUsage } from '@blocksmith/block-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import { GEMINI } from './map-gemini-error';

/** What one call sends: the prompt as a user turn, with any earlier turns before it. */
export function userTurn(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

/** The answer's text: the first candidate's text parts, leaving out the model's thoughts. */
export function textOf(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}

/** The first image the answer carries (`inlineData`), decoded. */
export function imageOf(response: GenerateContentResponse): { data: Uint8Array; mime: string } | undefined {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const inline = parts.find(
    (part) => part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/'),
  );
  if (!inline?.inlineData?.data) return undefined;
  return {
    data: Uint8Array.from(Buffer.from(inline.inlineData.data, 'base64')),
    mime: inline.inlineData.mimeType!,
  };
}

/**
 * Refuses an answer the service blocked: a prompt it would not take (`promptFeedback.blockReason`)
 * or an answer it stopped for safety, recitation... with nothing to show.
 */
export function throwIfBlocked(response: GenerateContentResponse, hasContent: boolean): void {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) {
    const detail = response.promptFeedback?.blockReasonMessage;
    throw new AiProviderError(
      'rejected',
      `${GEMINI} refused the prompt (${blockReason}${detail ? `: ${detail}` : ''}). Change the prompt and run again.`,
    );
  }
  const finish = response.candidates?.[0]?.finishReason;
  if (!hasContent && finish && !['STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED'].includes(finish)) {
    throw new AiProviderError(
      'rejected',
      `${GEMINI} stopped without an answer (${finish}). Change the prompt and run again.`,
    );
  }
}

/**
 * An answer's usage: the model version it names (else the model asked for) and its token counts.
 * The model's thinking is billed as output, so it counts among the completion tokens.
 */
export function usageOf(response: GenerateContentResponse | undefined, model: string): AiUsage {
  const usage: AiUsage = { model: response?.modelVersion || model };
  const counts = response?.usageMetadata;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const prompt = count(counts?.promptTokenCount);
  const candidates = count(counts?.candidatesTokenCount);
  const thoughts = count(counts?.thoughtsTokenCount);
  const total = count(counts?.totalTokenCount);
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (candidates !== undefined || thoughts !== undefined)
    usage.completionTokens = (candidates ?? 0) + (thoughts ?? 0);
  if (total !== undefined) usage.totalTokens = total;
  return usage;
}

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'];

/** `WIDTHxHEIGHT` as the nearest aspect ratio Gemini image models take (`1024x576` to `16:9`). */
export function aspectRatioOf(size: string | undefined): string | undefined {
  const match = /^(\d+)x(\d+)$/.exec(size?.trim() ?? '');
  if (!match) return undefined;
  const ratio = Number(match[1]) / Number(match[2]);
  if (!Number.isFinite(ratio) || ratio <= 0) return undefined;
  const distance = (candidate: string) => {
    const [w, h] = candidate.split(':').map(Number);
    return Math.abs(Math.log(ratio / (w! / h!)));
  };
  return ASPECT_RATIOS.reduce((best, candidate) => (distance(candidate) < distance(best) ? candidate : best));
}
