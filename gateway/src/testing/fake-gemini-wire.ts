/** The shapes of the Gemini API's requests and answers, as the fake Gemini API reads and writes them. */

export interface Part {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: Record<string, unknown> };
  thoughtSignature?: string;
}
export interface Content {
  role?: string;
  parts?: Part[];
}
export interface GenerateRequest {
  contents?: Content[];
  systemInstruction?: Content;
  tools?: { functionDeclarations?: unknown[] }[];
  toolConfig?: { functionCallingConfig?: { mode?: string } };
  generationConfig?: {
    responseMimeType?: string;
    responseJsonSchema?: Schema;
    responseSchema?: Schema;
    responseModalities?: string[];
    imageConfig?: { aspectRatio?: string };
  };
}
export type Schema = { [key: string]: unknown };
