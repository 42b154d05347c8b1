/** The canvas' words for routes, loops and skipped blocks. */
export const FLOW_TEXTS = {
  /** Above the blocks a loop runs once per item. */
  loopGroup: 'Runs once per item',
  /** Above a loop's blocks while no block ends the loop. */
  loopGroupOpen: 'Runs once per item · connect a block that ends the loop',
  /** A route's output handle, for screen readers. */
  routeHandle: (route: string) => `Route ${route}`,
  /** A route a connection still leaves from, though the block no longer offers it. */
  staleRoute: 'No longer one of this block’s routes: connect from another route or delete the connection.',
  /** Loop progress, on the block that runs the loop and on the blocks inside it. */
  itemOf: (item: number, items: number) => `Item ${item} of ${items}`,
  /** A loop that has gone through every item. */
  itemsDone: (items: number) => (items === 1 ? '1 item' : `${items} items`),
  /** The label of a model block's handle that tool blocks connect to. */
  toolsHandle: 'Tools',
  /** The tools handle, for screen readers and as its tooltip. */
  toolsHandleTitle: 'Tools: connect blocks the model may call (HTTP Request, Code, ...)',
  /** On a block connected as a tool: it runs only when the model calls it. */
  toolMark: 'Tool',
  toolMarkTitle: 'Connected as a tool: it runs only when the model calls it, with the model’s arguments.',
  /** On a model block while it runs: how many tool calls it made. */
  toolCalls: (count: number) => (count === 1 ? '1 tool call' : `${count} tool calls`),
  /** On a tool block while the model calls it. */
  calledWith: 'Called with',
} as const;
