/** The texts of model pickers and of prices by model. The spec gives none of them. */
export const MODEL_TEXTS = {
  models: 'Models',
  serverDefaultGroup: 'Server default',
  /** The spec's model names (`gpt-4`, `dalle`): the server answers them with its default model. */
  serverDefault: (id: string) => `Server default (${id})`,
  serverDefaultNone: 'Server default',
  unavailableGroup: 'Not on this server',
  offline: '(offline preview)',
  extraCredits: (n: number) => `+${n} ${n === 1 ? 'credit' : 'credits'}`,
  /** The palette: an AI block whose model may cost more than its own price. */
  plusModel: '+ model',
  provider: (provider: string) => PROVIDER_NAMES[provider] ?? provider,
  /** The properties panel: a block's price with its model. */
  blockCost: (total: number, block: number, models: { label: string; credits: number }[]) => {
    const total_ = `${total} ${total === 1 ? 'credit' : 'credits'}`;
    const extra = models.filter((model) => model.credits > 0);
    if (extra.length === 0) return `${total_} per run`;
    return `${total_}: ${block} for the block, ${extra.map((m) => `${m.credits} for ${m.label}`).join(', ')}`;
  },
  costLabel: 'Cost',
} as const;

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  ollama: 'Ollama',
  offline: 'Offline',
};
