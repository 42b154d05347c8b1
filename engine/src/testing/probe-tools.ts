import { BlockError, CreditLimitError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { TOOLS_PORT, type AppConfig } from '@blocksmith/schema';
import { probePlugin } from './probe-apps';

/**
 * Blocks for tests and benchmarks of blocks as tools: a tool that answers at once, and a block
 * that takes tools and calls each connected one as its settings say (no model).
 */

/** A tool: answers `{{text}}` filled into its template; fails when the text says `fail`. */
export const probeTool = defineBlock({
  kind: 'probeTool',
  name: 'Probe Tool',
  description: 'Answers its template with the arguments filled in.',
  category: 'ai',
  cost: 1,
  settings: {
    label: field.text({ label: 'Label', default: '', required: false }),
    template: field.text({ label: 'Template', default: 'echo {{text}}', template: true }),
  },
  outputs: { tool_answer: output.text(), length: output.number() },
  tool: {
    description: 'Echoes a text.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    describe: (settings) => `This one answers "${settings.template}".`,
  },
  run(ctx) {
    const text = ctx.render(ctx.settings.template);
    if (text.includes('fail')) throw new BlockError(`cannot answer "${text}"`);
    ctx.progress(text);
    return { tool_answer: text, length: text.length };
  },
});

/**
 * Takes tools: calls every connected tool `calls` times with `{ text: <its input> }` (a call
 * refused at the credit limit ends the calling), then answers what they said, one line each
 * (`error: ...` for a failed call, `refused: ...` for a refused one).
 */
export const probeAsker = defineBlock({
  kind: 'probeAsker',
  name: 'Probe Asker',
  description: 'Calls its tools.',
  category: 'ai',
  cost: 2,
  settings: {
    model: field.aiModel('tools'),
    calls: field.number({ label: 'Calls', default: 1, integer: true, min: 0 }),
    max_credits: field.number({ label: 'Maximum credits', default: 50, integer: true, min: 0 }),
    turns: field.number({ label: 'Turns', default: 1, integer: true, min: 1 }),
  },
  outputs: { asked: output.text() },
  tools: { maxCredits: 'max_credits' },
  async run(ctx) {
    const lines: string[] = [];
    const text = ctx.primaryText();
    for (let turn = 2; turn <= ctx.settings.turns; turn++) {
      try {
        await ctx.tools.payTurn();
        lines.push(`turn ${turn}`);
      } catch (error) {
        if (!(error instanceof CreditLimitError)) throw error;
        lines.push(`refused: ${error.message}`);
        break;
      }
    }
    for (let i = 0; i < ctx.settings.calls; i++) {
      for (const tool of ctx.tools.connected) {
        try {
          const answer = await ctx.tools.callConnected(
            tool.name,
            { text },
            { signal: ctx.signal, maxCredits: ctx.tools.creditsLeft },
          );
          lines.push(`${tool.name}: ${String(answer.value)}`);
        } catch (error) {
          if (ctx.signal.aborted) throw error;
          const kind = error instanceof CreditLimitError ? 'refused' : 'error';
          lines.push(`${kind}: ${(error as Error).message}`);
        }
      }
    }
    return { asked: lines.join('\n') };
  },
});

/** input -> asker -> (nothing), with `tools` tool blocks connected to the asker's tools handle. */
export function probeToolApp(
  tools: number,
  asker: Record<string, unknown> = {},
  tool: Record<string, unknown> = {},
): AppConfig {
  const plugins = [probePlugin('in', 'echoInput'), probePlugin('asker', 'probeAsker', asker)];
  const connections = [{ id: 'c_in', from: 'in', to: 'asker', fromPort: 'output', toPort: 'input' }];
  for (let i = 1; i <= tools; i++) {
    plugins.push(probePlugin(`tool${i}`, 'probeTool', { label: `Tool ${i}`, ...tool }));
    connections.push({
      id: `c_t${i}`,
      from: `tool${i}`,
      to: 'asker',
      fromPort: 'output',
      toPort: TOOLS_PORT,
    });
  }
  return { plugins, connections, canvas: { zoom: 1, pan: { x: 0, y: 0 } } };
}
