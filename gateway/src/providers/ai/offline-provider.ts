import type {
  AiProvider,
  CallOptions,
  EmbedRequest,
  Embeddings,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  ModelList,
  TextRequest,
  ToolTurn,
  ToolTurnOptions,
  ToolTurnRequest,
  VisionRequest,
} from '@blocksmith/block-sdk';
import { exampleFromSchema, OFFLINE_MARKER } from '@blocksmith/block-sdk';
import { imageDimensions } from './image-dimensions';
import { offlineToolTurn } from './offline-agent';
import { firstSentence, keyPhrases, wordPieces } from './offline-answer';
import { OFFLINE_MODEL, OfflineTextStream, throwIfAborted } from './offline-text-stream';
import { offlineSvg } from './offline-svg';
import { OFFLINE_EMBEDDING_MODEL, offlineEmbedding } from './offline-embedding';

export interface OfflineProviderOptions {
  /** Why the offline provider is in use, for the start-up log. */
  reason?: string;
}

export { OFFLINE_MODEL } from './offline-text-stream';

export const DEFAULT_OFFLINE_REASON = `no AI provider configured (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or OLLAMA_HOST): answers are marked ${OFFLINE_MARKER}`;

/**
 * Answers without any AI service: instantly, deterministically (the same request always gets the
 * same answer) and visibly marked `[Offline preview]`. Text restates the request, JSON is generated
 * from the schema so it always validates, images are SVG placeholders, image descriptions say
 * what can be read from the file's header, and tool turns play a deterministic agent.
 */
export class OfflineProvider implements AiProvider {
  readonly name = 'offline';
  readonly offline = true;
  readonly reason: string;

  constructor(options: OfflineProviderOptions = {}) {
    this.reason = options.reason ?? DEFAULT_OFFLINE_REASON;
  }

  /**
   * The answer in word-sized pieces, made when the stream is first read (see OfflineTextStream),
   * or read whole at once (`TextAtHand`).
   */
  streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    return new OfflineTextStream(request, options);
  }

  async completeJson(request: JsonRequest, options: CallOptions): Promise<string> {
    throwIfAborted(options.signal);
    const value = exampleFromSchema(request.schema, {
      seed: `${request.schemaName}\u0000${request.system ?? ''}\u0000${request.prompt}`,
      topics: keyPhrases(request.prompt, 2),
    });
    options.onUsage?.({ model: OFFLINE_MODEL });
    return JSON.stringify(value, null, 2);
  }

  async generateImage(request: ImageRequest, options: CallOptions): Promise<GeneratedImage> {
    throwIfAborted(options.signal);
    options.onUsage?.({ model: OFFLINE_MODEL });
    return offlineSvg(request.prompt, request.size);
  }

  async describeImage(request: VisionRequest, options: CallOptions): Promise<string> {
    throwIfAborted(options.signal);
    options.onUsage?.({ model: OFFLINE_MODEL });
    const { data, mime } = request.image;
    const facts = imageDimensions(data);
    const size =
      facts.width !== undefined && facts.height !== undefined
        ? `, ${facts.width} × ${facts.height} pixels`
        : facts.format
          ? `; its pixel size could not be read`
          : '';
    const kind =
      facts.format && !mime.includes(facts.format)
        ? `${mime} file (the bytes look like ${facts.format})`
        : `${mime} image`;
    const asked = firstSentence(request.prompt);
    return [
      `${OFFLINE_MARKER} ${withArticle(kind)} of ${formatBytes(data.byteLength)}${size}.`,
      asked ? `You asked: '${asked}'.` : '',
      'No AI service is connected, so the picture itself was not looked at: set OPENAI_API_KEY for a real description.',
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** The deterministic offline agent (`offline-agent.ts`); its text streams in word-sized pieces. */
  async toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    throwIfAborted(options.signal);
    const turn = offlineToolTurn(request);
    for (const piece of wordPieces(turn.text)) {
      throwIfAborted(options.signal);
      options.onText?.(piece);
    }
    options.onUsage?.({ model: OFFLINE_MODEL });
    return turn;
  }

  /** Hashed bag-of-words vectors (see offlineEmbedding), so knowledge search finds by words offline. */
  async embed(request: EmbedRequest, options: CallOptions): Promise<Embeddings> {
    throwIfAborted(options.signal);
    options.onUsage?.({ model: OFFLINE_EMBEDDING_MODEL });
    return { model: OFFLINE_EMBEDDING_MODEL, vectors: request.texts.map(offlineEmbedding) };
  }

  models(): ModelList {
    return {
      text: ['gpt-4', 'gpt-3.5-turbo'],
      image: ['dalle'],
      defaultText: 'gpt-4',
      defaultImage: 'dalle',
    };
  }
}

function withArticle(text: string): string {
  return `${/^[aeiou]/i.test(text) ? 'An' : 'A'} ${text}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
