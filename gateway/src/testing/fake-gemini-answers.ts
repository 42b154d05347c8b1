import { functionCallingParts } from './fake-gemini-tools';
import type { Content, GenerateRequest, Part } from './fake-gemini-wire';
import { answerTo, imageNote, pngFor, splitInPieces, tokenCount, valueFor } from './fake-vendor-answers';

/**
 * How the fake Gemini API (fake-gemini-server.ts) makes its answers from a request, one small
 * function per kind of answer.
 */

/** The text of the last user turn. */
export function lastUserText(contents: Content[]): string {
  const turn = [...contents].reverse().find((content) => (content.role ?? 'user') === 'user');
  return (turn?.parts ?? []).map((part) => part.text ?? '').join('');
}

/** `I see a 1x1 image/png image.` for each image the last user turn carries. */
export function imageNotes(contents: Content[]): string[] {
  const turn = [...contents].reverse().find((content) => (content.role ?? 'user') === 'user');
  return (turn?.parts ?? []).flatMap((part) => {
    if (!part.inlineData?.data) return [];
    return [imageNote(part.inlineData.data, part.inlineData.mimeType)];
  });
}

/** What the model answers: an image, JSON following the request's schema, function calling, or text. */
export function answerParts(request: GenerateRequest): Part[] {
  const prompt = lastUserText(request.contents!);
  const config = request.generationConfig ?? {};
  if (config.responseModalities?.includes('IMAGE')) {
    return [
      {
        inlineData: {
          mimeType: 'image/png',
          data: pngFor(config.imageConfig?.aspectRatio).toString('base64'),
        },
      },
    ];
  }
  if (config.responseMimeType === 'application/json') {
    const schema = config.responseJsonSchema ?? config.responseSchema;
    const value = schema ? valueFor(schema, answerTo(prompt)) : { text: answerTo(prompt) };
    return [{ text: JSON.stringify(value) }];
  }
  return (
    functionCallingParts(request, prompt) ?? [
      { text: [answerTo(prompt), ...imageNotes(request.contents!)].join(' ') },
    ]
  );
}

/** Token counts derived from text lengths (about four characters a token). */
export function usageFor(request: GenerateRequest, parts: Part[]) {
  const asked = [...(request.systemInstruction ? [request.systemInstruction] : []), ...request.contents!]
    .flatMap((content) => content.parts ?? [])
    .map((part) => part.text ?? JSON.stringify(part.functionCall ?? part.functionResponse ?? ''))
    .join(' ');
  const promptTokenCount = tokenCount(asked);
  const candidatesTokenCount = tokenCount(
    parts
      .map((part) => part.text ?? (part.functionCall ? JSON.stringify(part.functionCall) : 'image'))
      .join(''),
  );
  return { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount };
}

/** A text answer in several pieces, as the model streams it. */
export function pieced(parts: Part[]): Part[] {
  const text = parts[0]?.text;
  if (parts.length !== 1 || text === undefined) return parts;
  return splitInPieces(text).map((piece) => ({ text: piece }));
}
