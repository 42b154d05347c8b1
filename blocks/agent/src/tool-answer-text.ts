/** The most of one tool answer the model is told. */
export const MAX_ANSWER_CHARS = 20_000;

interface ContentItem {
  type: string;
  text?: string;
  mimeType?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
  uri?: string;
  name?: string;
}

/**
 * An MCP tool result as text for the model: its text items joined, other items named (an image,
 * a resource by its text or address), or its structured content as JSON when it has no text; cut
 * at `MAX_ANSWER_CHARS`. (A result in the protocol's old shape, `toolResult`, is shown as JSON.)
 */
export function toolAnswerText(result: Readonly<Record<string, unknown>>): string {
  const items = Array.isArray(result.content) ? (result.content as ContentItem[]) : [];
  const parts = items.map((item) => {
    switch (item.type) {
      case 'text':
        return item.text ?? '';
      case 'image':
      case 'audio':
        return `[${item.type}${item.mimeType ? ` ${item.mimeType}` : ''}]`;
      case 'resource':
        return item.resource?.text ?? `[resource ${item.resource?.uri ?? ''}]`;
      case 'resource_link':
        return `[resource ${item.name ?? ''} ${item.uri ?? ''}]`.replace(/\s+\]/, ']');
      default:
        return `[${item.type}]`;
    }
  });
  let text = parts.join('\n').trim();
  if (text === '' && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (text === '' && result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  return text.length > MAX_ANSWER_CHARS ? `${text.slice(0, MAX_ANSWER_CHARS)}... (cut)` : text;
}
