/**
 * The `@google/genai` SDK. Its typings are ES module typings while the gateway compiles to
 * CommonJS: the types come in as an import, the code through the SDK's own CommonJS build
 * (its `require` export), so the rest of the provider imports both from here. The code is loaded
 * the first time a Gemini provider is made (`geminiSdk()`), not with the server.
 */
import type * as Genai from '@google/genai' with { 'resolution-mode': 'import' };

export function geminiSdk(): typeof Genai {
  return require('@google/genai') as typeof Genai;
}

export type GoogleGenAI = Genai.GoogleGenAI;
export type ApiError = Genai.ApiError;
export type Content = Genai.Content;
export type GenerateContentConfig = Genai.GenerateContentConfig;
export type GenerateContentResponse = Genai.GenerateContentResponse;
export type HttpOptions = Genai.HttpOptions;
export type Model = Genai.Model;
export type FunctionCall = Genai.FunctionCall;
export type Part = Genai.Part;
export type Tool = Genai.Tool;
