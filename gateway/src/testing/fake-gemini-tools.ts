import type { Content, GenerateRequest, Part } from './fake-gemini-wire';
import { answerFromToolResults, isObject, toolToCall, valueFor } from './fake-vendor-answers';

/**
 * How the fake Gemini API (fake-gemini-server.ts) takes part in a conversation with function
 * calling: it calls the function the prompt names (else the first) with arguments built from its
 * schema, answers from the `functionResponse` parts once it has them, and refuses responses that
 * do not answer the function call turn before them, as the API does.
 */

interface Declaration {
  name: string;
  parametersJsonSchema?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
}

/** The API's 400 for function responses that do not answer the turn before them, or undefined. */
export function functionResponsesProblem(contents: Content[]): string | undefined {
  for (const [index, content] of contents.entries()) {
    const responses = (content.parts ?? []).filter((part) => part.functionResponse);
    if (responses.length === 0) continue;
    const calls = (contents[index - 1]?.parts ?? []).filter((part) => part.functionCall);
    if (contents[index - 1]?.role !== 'model' || calls.length === 0) {
      return 'Please ensure that function response turn comes immediately after a function call turn.';
    }
    if (responses.length !== calls.length) {
      return 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';
    }
    const names = calls.map((part) => part.functionCall!.name);
    const stray = responses.find((part) => !names.includes(part.functionResponse!.name));
    if (stray) {
      return `Please ensure that function response "${String(stray.functionResponse!.name)}" answers a function call of the function call turn.`;
    }
  }
  return undefined;
}

/**
 * The parts of the model's turn when the request declares functions (and calling is not `NONE`):
 * text quoting the results when the last turn holds function responses, else a call. Undefined
 * otherwise.
 */
export function functionCallingParts(request: GenerateRequest, prompt: string): Part[] | undefined {
  const declarations = (request.tools ?? [])
    .flatMap((tool) => tool.functionDeclarations ?? [])
    .filter((d): d is Declaration => isObject(d) && typeof d.name === 'string');
  if (declarations.length === 0 || request.toolConfig?.functionCallingConfig?.mode === 'NONE')
    return undefined;
  const responses = (request.contents!.at(-1)?.parts ?? []).flatMap((part) =>
    part.functionResponse ? [part.functionResponse] : [],
  );
  if (responses.length > 0) {
    const text = answerFromToolResults(
      responses.map(({ name, response }) => {
        const failed = response && 'error' in response;
        const said = failed ? response.error : (response?.output ?? response);
        return {
          name: String(name),
          content: typeof said === 'string' ? said : JSON.stringify(said),
          isError: Boolean(failed),
        };
      }),
    );
    return [{ text }];
  }
  const declaration = toolToCall(declarations, prompt)!;
  const schema = declaration.parametersJsonSchema ?? declaration.parameters ?? {};
  return [{ functionCall: { name: declaration.name, args: valueFor(schema, prompt) } }];
}
