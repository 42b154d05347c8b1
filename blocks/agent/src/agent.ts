import {
  AddressGuard,
  AiOutputError,
  BlockInputError,
  defineBlock,
  field,
  operatorAllowList,
  output,
  renderPrompt,
  systemResolver,
  type Resolver,
  type RunContext,
  type ToolCall,
  type ToolMessage,
  type ToolResult,
} from '@blocksmith/block-sdk';
import { answeredLine, callingLine, stepLimitAnswer, type AgentStep } from './agent-steps';
import { McpToolbox, type McpTool } from './mcp-toolbox';
import { argumentsProblem } from './tool-arguments';

export const AGENT_SYSTEM =
  'You are an agent inside an app. Use the tools when they help you answer; call them with arguments that fit their schemas. When you have what you need, reply with the final answer only.';

export interface AgentOptions {
  /** How MCP server names are resolved (the system's resolver by default; tests give their own). */
  resolver?: Resolver;
}

/** The Agent block, with how it resolves host names (`agent` is the one the server loads). */
export function createAgent(options: AgentOptions = {}) {
  const resolver = options.resolver ?? systemResolver;
  return defineBlock({
    kind: 'agent',
    name: 'Agent',
    description: 'A model that calls tools (an MCP server’s) until it can answer, showing each call.',
    category: 'ai',
    cost: 3,
    settings: {
      instructions: field.prompt({
        label: 'Instructions',
        default: 'Answer using the tools where they help: {{input_text}}',
        help: 'What the agent should do. {{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
      }),
      model: field.aiModel('tools'),
      max_steps: field.number({
        label: 'Maximum steps',
        min: 1,
        max: 25,
        integer: true,
        default: 8,
        help: 'The most turns the model takes; each turn may call tools. At the limit the agent stops and keeps what it has.',
      }),
      mcp_server_url: field.text({
        label: 'MCP server URL',
        default: '',
        placeholder: 'https://mcp.example.com/mcp',
        help: 'An MCP server (Streamable HTTP) whose tools the agent may call. Public addresses only.',
      }),
      mcp_secret: field.text({
        label: 'MCP secret',
        default: '',
        placeholder: 'MCP_TOKEN',
        help: 'The name of one of your secrets (Secrets page), sent to the MCP server as "Authorization: Bearer <secret>".',
      }),
      tool_timeout_seconds: field.number({
        label: 'Tool time limit',
        min: 1,
        max: 120,
        integer: true,
        default: 30,
        unit: 'seconds',
        help: 'How long one tool call (and connecting to the server) may take before it is cut off.',
      }),
    },
    outputs: {
      agent_answer: output.text('The agent’s answer (Markdown)', { view: 'markdown', title: 'Answer' }),
      agent_steps: output.json('Each tool call: tool, arguments, answer or error, ms', {
        view: 'table',
        title: 'Tool calls',
      }),
    },
    async run(ctx) {
      const { settings } = ctx;
      const prompt = renderPrompt(ctx, settings.instructions, {
        noInput:
          'Connect a block that provides the text for {{input_text}}, or remove {{input_text}} from the instructions.',
        empty: 'The instructions are empty: write what the agent should do in "Instructions".',
      });
      const timeoutMs = settings.tool_timeout_seconds * 1000;
      const toolbox = await connect(ctx, timeoutMs, resolver);
      try {
        return await converse(ctx, prompt, toolbox, timeoutMs);
      } finally {
        await toolbox?.close();
      }
    },
  });
}

type AgentContext = RunContext<{
  model: string;
  max_steps: number;
  mcp_server_url: string;
  mcp_secret: string;
}>;

async function connect(ctx: AgentContext, timeoutMs: number, resolver: Resolver): Promise<McpToolbox | null> {
  const address = ctx.settings.mcp_server_url.trim();
  const secretName = ctx.settings.mcp_secret.trim();
  if (address === '') {
    if (secretName !== '') {
      throw new BlockInputError(
        '"MCP secret" is set but "MCP server URL" is empty: add the server, or clear the secret.',
      );
    }
    return null;
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new BlockInputError(`"MCP server URL" is not a web address: ${address.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockInputError('"MCP server URL" must start with https:// (or http://).');
  }
  let secret: string | undefined;
  if (secretName !== '') {
    secret = await ctx.secret(secretName);
    if (secret === undefined) {
      throw new BlockInputError(
        `"MCP secret" names ${secretName}, but there is no secret named ${secretName}. The app's owner adds it on the Secrets page (account menu), then runs the app again.`,
      );
    }
  }
  const guard = new AddressGuard(operatorAllowList(), resolver, "The Agent block's MCP client");
  const toolbox = await McpToolbox.connect({
    url,
    ...(secret === undefined ? {} : { secret }),
    guard,
    timeoutMs,
    signal: ctx.signal,
  });
  const names = toolbox.tools.map((t) => t.spec.name).join(', ');
  ctx.progress(`Tools from ${url.host}: ${names || 'none'}\n`);
  return toolbox;
}

async function converse(ctx: AgentContext, prompt: string, toolbox: McpToolbox | null, timeoutMs: number) {
  const tools = toolbox?.tools ?? [];
  const messages: ToolMessage[] = [{ role: 'user', text: prompt }];
  const steps: AgentStep[] = [];
  let said = '';
  for (let turn = 1; turn <= ctx.settings.max_steps; turn++) {
    const reply = await ctx.ai.toolTurn({
      system: AGENT_SYSTEM,
      messages,
      tools: tools.map((t) => t.spec),
      model: ctx.settings.model,
    });
    if (reply.text.trim() !== '') said = reply.text;
    if (reply.toolCalls.length === 0) {
      if (reply.text.trim() === '') throw new AiOutputError('The AI returned no answer. Run the app again.');
      return { agent_answer: reply.text.trim(), agent_steps: steps };
    }
    if (reply.text !== '' && !reply.text.endsWith('\n')) ctx.progress('\n');
    messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
    const results: ToolResult[] = [];
    for (const call of reply.toolCalls) {
      const { step, result } = await runCall(ctx, toolbox, tools, call, turn, timeoutMs);
      steps.push(step);
      results.push(result);
    }
    messages.push({ role: 'tool', results });
  }
  ctx.progress(`Stopped at the step limit (${ctx.settings.max_steps}).\n`);
  return { agent_answer: stepLimitAnswer(said, ctx.settings.max_steps), agent_steps: steps };
}

async function runCall(
  ctx: AgentContext,
  toolbox: McpToolbox | null,
  tools: readonly McpTool[],
  call: ToolCall,
  turn: number,
  timeoutMs: number,
): Promise<{ step: AgentStep; result: ToolResult }> {
  ctx.progress(callingLine(call.name, call.arguments));
  const tool = tools.find((t) => t.spec.name === call.name);
  const refusal =
    tool === undefined
      ? `there is no tool named "${call.name}"; the tools are: ${tools.map((t) => t.spec.name).join(', ') || 'none'}`
      : argumentsProblem(call, tool.spec.parameters);
  if (tool === undefined || toolbox === null || refusal !== null) {
    const error = `Not called: ${refusal}. Correct the call and try again.`;
    const step: AgentStep = { turn, tool: call.name, arguments: call.arguments, error, ms: 0 };
    ctx.progress(answeredLine(step, false));
    return { step, result: { callId: call.id, name: call.name, content: error, isError: true } };
  }
  const started = performance.now();
  const outcome = await toolbox.call(tool, call.arguments, timeoutMs, ctx.signal);
  const ms = Math.round(performance.now() - started);
  const step: AgentStep = {
    turn,
    tool: call.name,
    arguments: call.arguments,
    ...(outcome.isError ? { error: outcome.content } : { answer: outcome.content }),
    ms,
  };
  ctx.progress(answeredLine(step, true));
  return {
    step,
    result: { callId: call.id, name: call.name, content: outcome.content, isError: outcome.isError },
  };
}

export const agent = createAgent();
