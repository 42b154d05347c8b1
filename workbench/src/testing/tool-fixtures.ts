import {
  TOOLS_PORT,
  type AppConfig,
  type BlockCatalogueEntry,
  type Connection,
  type PluginInstance,
} from '@blocksmith/schema';

/**
 * A block that hands tools to a model and a block that can serve as one, as the catalogue
 * describes them (settings trimmed to what the workbench reads).
 */
export const TOOL_ENTRIES: BlockCatalogueEntry[] = [
  {
    id: 'agent',
    name: 'Agent',
    description: 'A model that calls tools.',
    category: 'ai',
    version: 2,
    settings: {
      instructions: { type: 'prompt', label: 'Instructions', default: 'Answer: {{input_text}}' },
      max_steps: { type: 'number', label: 'Maximum steps', default: 8, min: 1, max: 25, integer: true },
      apps: { type: 'text', label: 'Apps', default: '', required: false, picker: 'apps' },
      mcp_servers: {
        type: 'text',
        label: 'MCP servers',
        default: '',
        required: false,
        multiline: true,
        picker: 'mcpServers',
      },
      max_credits: { type: 'number', label: 'Maximum credits', default: 20, min: 0, integer: true },
    },
    outputs: [
      { name: 'agent_answer', type: 'text' },
      { name: 'agent_data', type: 'json' },
      { name: 'agent_steps', type: 'json' },
    ],
    cost: 3,
    historyType: 'agent',
    flow: { tools: { maxCredits: 'max_credits' } },
  },
  {
    id: 'httpRequest',
    name: 'HTTP Request',
    description: 'Calls a web address.',
    category: 'ai',
    version: 1,
    settings: { url: { type: 'text', label: 'URL', default: 'https://example.com/{{city}}' } },
    outputs: [{ name: 'http_response', type: 'json' }],
    cost: 0,
    historyType: 'http_request',
    flow: {
      tool: {
        description: 'Fetches a web page.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    },
  },
];

export function toolBlock(
  id: string,
  type: string,
  x = 0,
  y = 0,
  settings: Record<string, unknown> = {},
): PluginInstance {
  return { id, type, position: { x, y }, settings };
}

export function pipe(from: string, to: string): Connection {
  return { id: `${from}-${to}`, from, to, fromPort: 'output', toPort: 'input' };
}

export function toolLink(from: string, to: string): Connection {
  return { id: `${from}-${to}-tool`, from, to, fromPort: 'output', toPort: TOOLS_PORT };
}

/** Text input -> agent (with an HTTP Request tool) -> display. */
export function agentApp(): AppConfig {
  return {
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    plugins: [
      toolBlock('in', 'textInput', 0, 0),
      toolBlock('agent1', 'agent', 300, 0),
      toolBlock('http', 'httpRequest', 300, 250),
      toolBlock('show', 'textDisplay', 600, 0),
    ],
    connections: [pipe('in', 'agent1'), toolLink('http', 'agent1'), pipe('agent1', 'show')],
  };
}
