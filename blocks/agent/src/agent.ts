import {
  AiOutputError,
  CreditLimitError,
  defineBlock,
  field,
  output,
  renderPrompt,
  systemResolver,
  type Resolver,
  type RunContext,
  type ToolCall,
  type ToolMessage,
  type ToolResult,
} from '@blocksmith/block-sdk';
import type { ToolCallRecord } from '@blocksmith/schema';
import {
  answerFormat,
  checkedAnswer,
  jsonAnswerInstructions,
  repairRequest,
  type AnswerFormat,
} from './agent-answer';
import { creditLimitAnswer, stepLimitAnswer, type AgentStep } from './agent-steps';
import { agentTools, appToolSpecs, type AgentTool } from './agent-tools';
import { connectMcpServers, serversFromSingle } from './mcp-servers';
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
      'A model that calls tools (connected blocks, apps, MCP servers) until it can answer, showing each call.',
    category: 'ai',
    cost: 3,
    version: 2,
    migrations: { 2: fromSingleServer },
    settings: {
      instructions: field.prompt({
        label: 'Instructions',
        default: 'Answer using the tools where they help: {{input_text}}',
        help: 'What the agent should do. {{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
      }),
      model: field.aiModel('tools'),
      answer: field.select({
        label: 'Answer',
        options: [
          { value: 'text', label: 'Text' },
          { value: 'json', label: 'JSON' },
        ],
        default: 'text',
        help: 'Text: the model answers in words (Markdown). JSON: it answers with JSON matching "Answer JSON schema", checked before the run goes on.',
      }),
      answer_schema: field.text({
        label: 'Answer JSON schema',
        default: '',
        required: false,
        multiline: true,
        requiredWhen: { setting: 'answer', values: ['json'] },
        placeholder:
          '{"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}',
        help: 'For a JSON answer: the JSON schema it must match. An answer that does not match is sent back once to be corrected; then the block fails saying why.',
      }),
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
        picker: 'apps',
        placeholder: 'my-app-slug, 4f1c…',
        help: 'Apps the agent may call as tools: ids of your apps or slugs of store apps, separated by commas. A store app’s run is paid like any store run.',
      }),
      mcp_servers: field.text({
        label: 'MCP servers',
        default: '',
        required: false,
        multiline: true,
        picker: 'mcpServers',
        placeholder: 'https://mcp.example.com/mcp MCP_TOKEN',
        help: 'MCP servers (Streamable HTTP) whose tools the agent may call, one a line: the address, then optionally the name of one of your secrets, sent as "Authorization: Bearer <secret>". Public addresses only.',
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
      agent_answer: output.text('The agent’s answer (Markdown; in JSON mode the JSON as text)', {
        view: 'markdown',
        title: 'Answer',
      }),
      agent_data: output.json('In JSON mode: the answer as JSON, matching "Answer JSON schema"; else null', {
        view: 'table',
        title: 'Structured answer',
      }),
      agent_steps: output.json('Each tool call: tool, source, arguments, answer or error, ms', {
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
      const format = answerFormat(settings.answer, settings.answer_schema);
      const timeoutMs = settings.tool_timeout_seconds * 1000;
      const apps = await appToolSpecs(ctx.tools, settings.apps);
      const servers = await connectMcpServers(ctx, settings.mcp_servers, timeoutMs, resolver);
      const tools = agentTools({ tools: ctx.tools, servers, apps, timeoutMs });
      return new Conversation(ctx, tools, format).answer(prompt);
    },
  });
}

/** Settings saved before several servers (version 1: `mcp_server_url`, `mcp_secret`) as `mcp_servers`. */
export function fromSingleServer(settings: Record<string, unknown>): Record<string, unknown> {
  const { mcp_server_url: url, mcp_secret: secret, ...rest } = settings;
  const line = serversFromSingle(url, secret);
  const listed = typeof rest.mcp_servers === 'string' ? rest.mcp_servers.trim() : '';
  if (line === '' || listed.split('\n').some((l) => l.trim() === line)) return rest;
  return { ...rest, mcp_servers: listed === '' ? line : `${listed}\n${line}` };
}

type AgentContext = RunContext<{
  model: string;
  max_steps: number;
  max_credits: number;
}>;

type AgentOutputs = { agent_answer: string; agent_data: unknown; agent_steps: AgentStep[] };

/** One run's talk with the model: its turns, the tool calls they ask for, and the answer. */
class Conversation {
  private readonly messages: ToolMessage[] = [];
  private readonly steps: AgentStep[] = [];
  private calls = 0;

  constructor(
    private readonly ctx: AgentContext,
    private readonly tools: readonly AgentTool[],
    private readonly format: AnswerFormat,
  ) {}

  async answer(prompt: string): Promise<AgentOutputs> {
    const { ctx, format } = this;
    const told = format.mode === 'json' ? `${prompt}\n\n${jsonAnswerInstructions(format.schema)}` : prompt;
    this.messages.push({ role: 'user', text: told });
    let said = '';
    for (let turn = 1; turn <= ctx.settings.max_steps; turn++) {
      if (turn > 1 && !(await this.payTurn())) {
        ctx.progress(`Stopped at the credit limit (${ctx.settings.max_credits}).\n`);
        return this.outputs(creditLimitAnswer(said, ctx.settings.max_credits));
      }
      const reply = await this.turn();
      if (reply.text.trim() !== '') said = reply.text;
      if (reply.toolCalls.length === 0) {
        if (reply.text.trim() === '')
          throw new AiOutputError('The AI returned no answer. Run the app again.');
        return format.mode === 'json' ? this.structured(reply.text, format) : this.outputs(reply.text.trim());
      }
      if (reply.text !== '' && !reply.text.endsWith('\n')) ctx.progress('\n');
      if (turn === ctx.settings.max_steps) {
        // Its last step: the model would never read what these calls answer, so none is made.
        for (const call of reply.toolCalls) this.keep({ ...this.record(call, turn), ...atStepLimit(turn) });
        break;
      }
      this.messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
      const results: ToolResult[] = [];
      for (const call of reply.toolCalls) results.push(await this.runCall(call, turn));
      this.messages.push({ role: 'tool', results });
    }
    ctx.progress(`Stopped at the step limit (${ctx.settings.max_steps}).\n`);
    return this.outputs(stepLimitAnswer(said, ctx.settings.max_steps));
  }

  private outputs(text: string, data: unknown = null): AgentOutputs {
    return { agent_answer: text, agent_data: data, agent_steps: this.steps };
  }

  private turn() {
    const { ctx, format } = this;
    return ctx.ai.toolTurn({
      system: AGENT_SYSTEM,
      messages: this.messages,
      tools: this.tools.map((t) => t.spec),
      model: ctx.settings.model,
      ...(format.mode === 'json' && { answerSchema: format.schema }),
    });
  }

  /** The block's price pays for its first turn; each further one comes out of its credit limit. */
  private async payTurn(): Promise<boolean> {
    try {
      await this.ctx.tools.payTurn();
      return true;
    } catch (error) {
      if (error instanceof CreditLimitError) return false;
      throw error;
    }
  }

  /** A JSON answer: checked against the schema; one that does not match is sent back once. */
  private async structured(text: string, format: AnswerFormat & { mode: 'json' }): Promise<AgentOutputs> {
    const first = checkedAnswer(text, format.schema);
    if (first.ok) return this.outputs(JSON.stringify(first.value, null, 2), first.value);
    this.ctx.progress('\nThe answer does not match the JSON schema; asking the model to correct it.\n');
    if (!(await this.payTurn())) {
      throw new AiOutputError(
        `The agent's answer does not match "Answer JSON schema" (${first.error}), and its "Maximum credits" cannot pay for a turn to correct it.`,
      );
    }
    this.messages.push({ role: 'assistant', text, toolCalls: [] });
    this.messages.push({ role: 'user', text: repairRequest(first.error) });
    const again = await this.turn();
    const second = checkedAnswer(again.text, format.schema);
    if (second.ok) return this.outputs(JSON.stringify(second.value, null, 2), second.value);
    throw new AiOutputError(
      `The agent's answer does not match "Answer JSON schema" after one correction: ${second.error}. Make the schema simpler or say in the instructions what each field holds, then run again.`,
    );
  }

  /** Makes one call the model asked for (or refuses it, telling the model why), reporting it as it starts and ends. */
  private async runCall(call: ToolCall, turn: number): Promise<ToolResult> {
    const { ctx, tools } = this;
    const tool = tools.find((t) => t.spec.name === call.name);
    const record = this.record(call, turn, tool);
    const refused = refusal(ctx, tools, call, tool);
    if (tool === undefined || refused !== null) return this.notCalled(record, call, refused!);
    ctx.toolCall(record);
    const started = performance.now();
    const outcome = await tool.call(call.arguments, ctx.signal);
    if (outcome.refused) return this.notCalled(record, call, { why: outcome.content, credits: true });
    const ms = Math.round(performance.now() - started);
    const ended: ToolCallRecord = {
      ...record,
      status: outcome.isError ? 'failed' : 'succeeded',
      ...(outcome.isError ? { error: outcome.content } : { answer: outcome.content }),
      ms,
      ...(outcome.credits ? { credits: outcome.credits } : {}),
      ...(outcome.runId !== undefined ? { runId: outcome.runId } : {}),
    };
    this.keep(ended);
    return { callId: call.id, name: call.name, content: outcome.content, isError: outcome.isError };
  }

  /** The next call's record, as it starts: its tool (and where the tool comes from) and arguments. */
  private record(
    call: ToolCall,
    turn: number,
    tool = this.tools.find((t) => t.spec.name === call.name),
  ): ToolCallRecord {
    return {
      call: ++this.calls,
      turn,
      tool: call.name,
      ...(tool && { source: tool.source }),
      ...(tool?.from !== undefined && { from: tool.from }),
      arguments: call.arguments,
      status: 'running',
    };
  }

  /** A call that was not made: the model is told why (and may retry), and the steps keep it. */
  private notCalled(record: ToolCallRecord, call: ToolCall, refused: Refusal): ToolResult {
    const advice = refused.credits
      ? 'Answer with what you have, or use a tool that costs less.'
      : 'Correct the call and try again.';
    const error = `Not called: ${refused.why.replace(/\.$/, '')}. ${advice}`;
    this.keep({ ...record, status: 'refused', error, ms: 0 });
    return { callId: call.id, name: call.name, content: error, isError: true };
  }

  /** Reports a call's end and keeps it in the steps. */
  private keep(record: ToolCallRecord): void {
    this.ctx.toolCall(record);
    const { call: _n, status: _s, ...step } = record;
    this.steps.push({ ...step, ms: record.ms ?? 0 });
  }
}

/** How a call the model asks for on its last step is kept: not made, since nothing would read its answer. */
function atStepLimit(turn: number): Pick<ToolCallRecord, 'status' | 'error' | 'ms'> {
  const error = `Not called: the agent was at its limit of ${turn} step${turn === 1 ? '' : 's'}, so the model could not have read the answer.`;
  return { status: 'refused', error, ms: 0 };
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

export const agent = createAgent();
