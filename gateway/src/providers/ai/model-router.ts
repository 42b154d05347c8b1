import type {
  AiProvider,
  CallOptions,
  EmbedRequest,
  Embeddings,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  ModelList,
  TextAtHand,
  TextRequest,
  ToolTurn,
  ToolTurnOptions,
  ToolTurnRequest,
  VisionRequest,
} from '@blocksmith/block-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import type { ProviderModel } from '@blocksmith/schema';
import { ModelCatalogue, SPEC_MODEL_NAMES, type ModelCatalogueOptions } from './model-catalogue';

/**
 * The server's AI: every configured provider behind one `AiProvider`. Each call goes to the
 * provider of the model it names (the catalogue says which), with the name that provider takes;
 * a model the server does not have is refused, never answered by another.
 */
export class ModelRouter implements AiProvider {
  readonly name = 'models';
  readonly catalogue: ModelCatalogue;

  constructor(options: ModelCatalogueOptions) {
    this.catalogue = new ModelCatalogue(options);
  }

  /** The providers, in order of preference. */
  get providers(): readonly AiProvider[] {
    return this.catalogue.providers;
  }

  /**
   * Switches this same router (held by every service and request) to other providers: calls
   * from now on go to them, and their models are listed anew. Resolves once they have been listed.
   */
  reconfigure(options: ModelCatalogueOptions): Promise<void> {
    return this.catalogue.reconfigure(options);
  }

  /** Offline when the model answering text by default is the offline stand-in. */
  get offline(): boolean {
    return this.catalogue.route(undefined, 'text').provider.offline;
  }

  /**
   * The provider's own stream, routed when it is first read (a model the server does not have is
   * refused there). Not wrapped in a generator of its own, which would cost promises per piece;
   * read at once when the provider's answer is in memory (`TextAtHand`).
   */
  streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> & TextAtHand {
    return new RoutedTextStream(this.catalogue, request, options);
  }

  completeJson(request: JsonRequest, options: CallOptions): Promise<string> {
    const { provider, model } = this.catalogue.route(request.model, 'structured');
    return provider.completeJson(withModel(request, model), options);
  }

  generateImage(request: ImageRequest, options: CallOptions): Promise<GeneratedImage> {
    const { provider, model } = this.catalogue.route(request.model, 'image');
    return provider.generateImage(withModel(request, model), options);
  }

  describeImage(request: VisionRequest, options: CallOptions): Promise<string> {
    const { provider, model } = this.catalogue.route(request.model, 'vision');
    return provider.describeImage(withModel(request, model), options);
  }

  /** A tool turn goes to the provider of a model that can call tools (refused, naming it, otherwise). */
  async toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    const { provider, model } = this.catalogue.route(request.model, 'tools');
    if (!provider.toolTurn) {
      // The catalogue gives `tools` only to providers with tool calling; kept for a provider
      // switched under a listing in flight.
      throw new AiProviderError(
        'rejected',
        `The AI provider "${provider.name}" cannot call tools; choose another model.`,
      );
    }
    return provider.toolTurn(withModel(request, model), options);
  }

  /** Whether a provider of the server makes vectors (knowledge bases are then searched by them too). */
  get embeds(): boolean {
    return this.providers.some((provider) => provider.embed);
  }

  /**
   * Vectors from the first provider, in order of preference, that makes them (its default
   * embedding model unless `request.model` names one); refused when none does.
   */
  embed(request: EmbedRequest, options: CallOptions): Promise<Embeddings> {
    const provider = this.providers.find((candidate) => candidate.embed);
    if (!provider?.embed) {
      throw new AiProviderError('rejected', 'None of the AI providers of this server makes embeddings.');
    }
    return provider.embed(request, options);
  }

  /** The spec's names first, then every model of the catalogue that does text or images. */
  models(): ModelList {
    const models = this.catalogue.list();
    const ids = (capability: 'text' | 'image') =>
      models.filter((m) => m.capabilities.includes(capability)).map((m) => m.id);
    const specNames = (capability: 'text' | 'image') =>
      Object.keys(SPEC_MODEL_NAMES).filter(
        (name) => SPEC_MODEL_NAMES[name] === capability && this.catalogue.defaultFor(capability),
      );
    const defaultImage = this.catalogue.defaultFor('image');
    return {
      text: [...new Set([...specNames('text'), ...ids('text')])],
      image: [...new Set(ids('image'))],
      defaultText: 'gpt-4',
      defaultImage: defaultImage?.id ?? '',
    };
  }

  async listModels(): Promise<ProviderModel[]> {
    await this.catalogue.refresh();
    return this.catalogue.list();
  }
}

/** A text stream handed on from the provider of the request's model, routed on its first read. */
class RoutedTextStream implements AsyncIterable<string>, TextAtHand {
  private routed: AsyncIterable<string> | undefined;

  constructor(
    private readonly catalogue: ModelCatalogue,
    private readonly request: TextRequest,
    private readonly options: CallOptions,
  ) {}

  private route(): AsyncIterable<string> {
    const { provider, model } = this.catalogue.route(this.request.model, 'text');
    return provider.streamText(withModel(this.request, model), this.options);
  }

  /** Each read routes anew, but for the stream `readAtOnce` routed and left unread. */
  [Symbol.asyncIterator](): AsyncIterator<string> {
    const stream = this.routed ?? this.route();
    this.routed = undefined;
    return stream[Symbol.asyncIterator]();
  }

  readAtOnce(onPiece?: (piece: string) => void): string | undefined {
    this.routed ??= this.route();
    const text = (this.routed as Partial<TextAtHand>).readAtOnce?.(onPiece);
    if (text !== undefined) this.routed = undefined;
    return text;
  }
}

/** The request naming `model` (itself when it already does: providers do not change requests). */
function withModel<R extends { model?: string }>(request: R, model: string | undefined): R {
  if (model === undefined ? !('model' in request) : request.model === model) return request;
  const routed = { ...request };
  if (model === undefined) delete routed.model;
  else routed.model = model;
  return routed;
}
