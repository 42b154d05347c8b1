import { formatCreditRange, formatCredits, type CostRange } from '@blocksmith/schema';

/** The words of a block that hands tools to a model: its tools picker, and its tool calls in runs. */
export const TOOL_TEXTS = {
  /** The properties panel's tools section. */
  heading: 'Tools',
  intro: 'What the model may call while it works. It decides which, and when, from your instructions.',
  connectedHeading: 'Blocks connected as tools',
  noneConnected:
    'None yet: connect an HTTP Request or Code block to the Tools handle at the bottom of this block.',
  appsHeading: 'Apps as tools',
  appsHelp:
    'Your apps and published store apps, each one tool whose parameters are its inputs. A store app’s price is paid on each call.',
  appsSearch: 'Search your apps and the store',
  appsSignedOut: 'Sign in to give the model your apps and store apps as tools.',
  appsLoading: 'Loading apps...',
  appsFailed: 'Some apps could not be loaded. Reopen the block to try again.',
  appsNone: 'No apps match your search.',
  appsEmpty: 'No apps to offer yet: save another app of yours, or publish one to the store.',
  own: 'Yours',
  store: 'Store',
  perCall: (price: CostRange) => `${formatCreditRange(price)} a call`,
  creatorShare: (credits: number) => `${credits} to its creator`,
  unknownApp: (ref: string) => `${ref}: not one of your apps or a store app you can use`,
  removeApp: (name: string) => `Remove ${name}`,
  chooseApp: (name: string) => `Use ${name} as a tool`,
  secretNone: 'No secret',
  secretMissing: (name: string) => `${name} (not saved)`,
  secretMissingHelp: (name: string) =>
    `You have no secret named ${name}: save it on the Secrets page, or choose another.`,
  manageSecrets: 'Manage secrets',
  /** The MCP servers picker. */
  mcpEmpty: 'No MCP servers: the model uses the other tools only.',
  mcpUrl: (n: number) => `Address of MCP server ${n}`,
  mcpSecret: (n: number) => `Secret sent to MCP server ${n}`,
  mcpAdd: 'Add an MCP server',
  mcpRemove: (n: number) => `Remove MCP server ${n}`,
  mcpUrlPlaceholder: 'https://mcp.example.com/mcp',
  /** The most one run of the block can cost. */
  mostCost: (total: number, block: number, extra: number) =>
    extra > 0
      ? `At most ${formatCredits(total)} a run: ${block} for the block and its model, up to ${extra} more for tools and further model turns.`
      : `At most ${formatCredits(total)} a run.`,
  mostCostLabel: 'Most a run can cost',
} as const;

/** The list of a model block's tool calls, live in the preview and in a kept run. */
export const TOOL_CALL_TEXTS = {
  heading: 'Tool calls',
  headingOf: (title: string) => `Tool calls · ${title}`,
  none: 'No tool calls: the model answered on its own.',
  waiting: 'No tool calls yet.',
  arguments: 'Arguments',
  answer: 'Answer',
  reason: 'Why',
  running: 'Calling...',
  refused: 'Not called',
  failed: 'Failed',
  turn: (turn: number) => `Step ${turn}`,
  openRun: 'Open its run',
  /** Where a called tool comes from. */
  source: (source: 'block' | 'app' | 'mcp', from: string | undefined) =>
    source === 'mcp'
      ? `MCP${from ? ` · ${from}` : ''}`
      : source === 'app'
        ? `App${from ? ` · ${from}` : ''}`
        : 'Block',
  count: (count: number) => (count === 1 ? '1 call' : `${count} calls`),
} as const;
