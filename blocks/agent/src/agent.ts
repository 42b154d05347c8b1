import {
  AddressGuard,
  AiOutputError,
  BlockInputError,
  CreditLimitError,
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
import { answeredLine, callingLine, creditLimitAnswer, stepLimitAnswer, type AgentStep } from './agent-steps';
import { agentTools, appToolSpecs, type AgentTool } from './agent-tools';
import { McpToolbox } from './mcp-toolbox';
import { argumentsProblem } from './tool-arguments';

export const AGENT_SYSTEM =
  'You are an agent inside an app. Use the tools when they help you answer; call them with arguments that fit their schemas. When you have what you need, reply with the final answer only.';

export interface AgentOptions {
  /** How MCP server names are resolved (the system's resolver by default; tests give their own). */
  resolver?: Resolver;
}

/** The credit limit's default: credits per run for tools and model turns after the first. */
export const DEFAULT_MAX_CREDITS = 50;

/** The Agent block, with how it resolves host names (`agent` is the one the server loads). */
export function createAgent(options: AgentOptions = {}) {
  const resolver = options.resolver ?? systemResolver;
  return defineBlock({
    kind: 'agent',
    name: 'Agent',
    description:
      'A model that calls tools (connected blocks, apps, an MCP server’s) until it can answer, showing each call.',
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
      max_credits: field.number({
        label: 'Maximum credits',
        min: 0,
        max: 1000,
        integer: true,
        default: DEFAULT_MAX_CREDITS,
        unit: 'credits',
        help: 'The most one run may spend beyond the block’s price: tool calls that cost credits (AI blocks, apps) and the model’s turns after the first. A call that would pass it is not made; at the limit the agent stops and keeps what it has.',
      }),
      apps: field.text({
        label: 'Apps',
        default: '',
        required: false,
        placeholder: 'my-app-slug, 4f1c…',
        help: 'Apps the agent may call as tools: ids of your apps or slugs of store apps, separated by commas. A store app’s run is paid like any store run.',
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
    tools: { maxCredits: 'max_credits' },
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
      const apps = await appToolSpecs(ctx.tools, settings.apps);
      const toolbox = await connect(ctx, timeoutMs, resolver);
      try {
        const tools = agentTools({ tools: ctx.tools, toolbox, apps, timeoutMs });
        const offered = tools.filter((t) => t.source !== 'mcp').map((t) => t.spec.name);
        if (offered.length > 0) ctx.progress(`Tools: ${offered.join(', ')}\n`);
        return await converse(ctx, prompt, tools);
      } finally {
        await toolbox?.close();
      }
    },
  });
}

type AgentContext = RunContext<{
  model: string;
  max_steps: number;
  max_credits: number;
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

async function converse(ctx: AgentContext, prompt: string, tools: readonly AgentTool[]) {
  const messages: ToolMessage[] = [{ role: 'user', text: prompt }];
  const steps: AgentStep[] = [];
  let said = '';
  for (let turn = 1; turn <= ctx.settings.max_steps; turn++) {
    if (turn > 1) {
      try {
        // The block's price pays for its first turn; each further one comes out of its credit limit.
        await ctx.tools.payTurn();
      } catch (error) {
        if (!(error instanceof CreditLimitError)) throw error;
        ctx.progress(`Stopped at the credit limit (${ctx.settings.max_credits}).\n`);
        return { agent_answer: creditLimitAnswer(said, ctx.settings.max_credits), agent_steps: steps };
      }
    }
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
      const { step, result } = await runCall(ctx, tools, call, turn);
      steps.push(step);
      results.push(result);
    }
    messages.push({ role: 'tool', results });
  }
  ctx.progress(`Stopped at the step limit (${ctx.settings.max_steps}).\n`);
  return { agent_answer: stepLimitAnswer(said, ctx.settings.max_steps), agent_steps: steps };
}

/** Why a call is not made, for the model; `credits` when it is the credit limit (other advice). */
interface Refusal {
  why: string;
  credits?: boolean;
}

/** Why a call is not made (for the model to correct or give up on), or null to make it. */
function refusal(
  ctx: AgentContext,
  tools: readonly AgentTool[],
  call: ToolCall,
  tool: AgentTool | undefined,
): Refusal | null {
  if (tool === undefined) {
    const names = tools.map((t) => t.spec.name).join(', ') || 'none';
    return { why: `there is no tool named "${call.name}"; the tools are: ${names}` };
  }
  const left = ctx.tools.creditsLeft;
  if (tool.maxCredits !== undefined && tool.maxCredits > left) {
    const why = `a call to ${call.name} may cost ${tool.maxCredits} credits and ${left} of this run's "Maximum credits" are left`;
    return { why, credits: true };
  }
  const problem = argumentsProblem(call, tool.spec.parameters);
  return problem === null ? null : { why: problem };
}

async function runCall(
  ctx: AgentContext,
  tools: readonly AgentTool[],
  call: ToolCall,
  turn: number,
): Promise<{ step: AgentStep; result: ToolResult }> {
  ctx.progress(callingLine(call.name, call.arguments));
  const tool = tools.find((t) => t.spec.name === call.name);
  const refused = refusal(ctx, tools, call, tool);
  if (tool === undefined || refused !== null) return notCalled(ctx, call, turn, refused!);
  const started = performance.now();
  const outcome = await tool.call(call.arguments, ctx.signal);
  if (outcome.refused) return notCalled(ctx, call, turn, { why: outcome.content, credits: true });
  const ms = Math.round(performance.now() - started);
  const step: AgentStep = {
    turn,
    tool: call.name,
    arguments: call.arguments,
    ...(outcome.isError ? { error: outcome.content } : { answer: outcome.content }),
    ms,
    ...(outcome.credits ? { credits: outcome.credits } : {}),
    ...(outcome.runId !== undefined ? { runId: outcome.runId } : {}),
  };
  ctx.progress(answeredLine(step, true));
  return {
    step,
    result: { callId: call.id, name: call.name, content: outcome.content, isError: outcome.isError },
  };
}

/** A call that was not made: the model is told why (and may retry), and the steps keep it. */
function notCalled(ctx: AgentContext, call: ToolCall, turn: number, refused: Refusal) {
  const advice = refused.credits
    ? 'Answer with what you have, or use a tool that costs less.'
    : 'Correct the call and try again.';
  const error = `Not called: ${refused.why.replace(/\.$/, '')}. ${advice}`;
  const step: AgentStep = { turn, tool: call.name, arguments: call.arguments, error, ms: 0 };
  ctx.progress(answeredLine(step, false));
  return { step, result: { callId: call.id, name: call.name, content: error, isError: true } };
}

export const agent = createAgent();
