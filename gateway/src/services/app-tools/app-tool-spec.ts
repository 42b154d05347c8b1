import {
  parseDropdownOptions,
  resultKeys,
  withCreatorPrice,
  type App,
  type OutputType,
} from '@blocksmith/schema';
import type { OutputsSpec } from '@blocksmith/block-sdk';
import type { PlannedNode, RunPlan } from '@blocksmith/engine';

/** A JSON Schema object, as MCP's `inputSchema` and `outputSchema` carry it. */
export type JsonSchemaObject = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
};

/** One input of an app tool: the run input it fills, and how the tool's argument becomes it. */
export interface AppToolInput {
  /** The argument's name, and the key of the run input it becomes (the block's variable name). */
  name: string;
  kind: 'text' | 'file' | 'choice';
  /** The input block it fills. */
  blockId: string;
  title: string;
  /** For a choice: the options, one of which the argument must be. */
  options?: string[];
}

/** A published (or own) app described as one tool: its name, schemas and what one call costs. */
export interface AppTool {
  appId: string;
  slug: string;
  /** The tool's name: the slug, kept to the characters and length MCP tool names allow. */
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject;
  inputs: AppToolInput[];
  /** What the caller pays the app's creator per call (0 for the owner's own calls). */
  price: number;
  /** The fewest and the most credits one call costs its caller: blocks plus price. */
  cost: { min: number; max: number };
  /** The caller's own app: a call runs its latest saved version, as the builder does. */
  own?: boolean;
}

/** MCP tool names: 1 to 128 of A-Z, a-z, 0-9, `_`, `-` and `.`. */
const TOOL_NAME_MAX = 128;

/** The tool name of an app's slug: every other character becomes `_`, 128 characters at most. */
export function toolNameOf(slug: string): string {
  const name = slug.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, TOOL_NAME_MAX);
  return name === '' ? 'app' : name;
}

/** The JSON Schema of one declared output's values. */
function outputValueSchema(type: OutputType, description?: string): Record<string, unknown> {
  const described = description ? { description } : {};
  switch (type) {
    case 'text':
    case 'url':
      return { type: 'string', ...described };
    case 'number':
      return { type: 'number', ...described };
    case 'list':
      return { type: 'array', items: { type: 'string' }, ...described };
    default:
      return { ...described };
  }
}

function settingText(node: PlannedNode, name: string): string {
  const value = (node.settings as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The app's input blocks as the tool's parameters, by their variable names (as run inputs key them). */
function toolInputs(plan: RunPlan): AppToolInput[] {
  const inputs: AppToolInput[] = [];
  for (const node of plan.nodes) {
    const kind = node.definition.inputKind;
    if (node.definition.category !== 'input' || kind === undefined) continue;
    const title = settingText(node, 'label') || node.title;
    const input: AppToolInput = { name: node.variable ?? node.id, kind, blockId: node.id, title };
    if (kind === 'choice') input.options = parseDropdownOptions(settingText(node, 'options'));
    inputs.push(input);
  }
  return inputs;
}

/** A file argument: a link the server fetches, or the file itself in base64. */
const FILE_SCHEMA = {
  oneOf: [
    { type: 'string', description: 'An https:// address of the file.' },
    {
      type: 'object',
      properties: {
        data: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded.' },
        name: { type: 'string', description: 'Its file name, with its extension.' },
        mimeType: { type: 'string', description: 'Its type, e.g. application/pdf.' },
      },
      required: ['data', 'name'],
    },
  ],
};

function inputSchemaOf(inputs: readonly AppToolInput[]): JsonSchemaObject {
  const properties: JsonSchemaObject['properties'] = {};
  for (const input of inputs) {
    if (input.kind === 'file') properties[input.name] = { ...FILE_SCHEMA, description: input.title };
    else if (input.kind === 'choice')
      properties[input.name] = { type: 'string', enum: input.options ?? [], description: input.title };
    else properties[input.name] = { type: 'string', description: input.title };
  }
  // Every input block needs its value: a run without one fails ('Please fill in ...').
  return { type: 'object', properties, required: inputs.map((input) => input.name) };
}

/**
 * The results of a call as the tool answers them in `structuredContent`: every block's declared
 * outputs under the keys of the run's flat result (`flatResult`), and the artifacts of output
 * blocks. None is required: a route not taken leaves its blocks' outputs out.
 */
function outputSchemaOf(plan: RunPlan): JsonSchemaObject {
  const layout = plan.nodes.map((node) => ({
    id: node.id,
    ...(node.variable !== undefined && { variable: node.variable }),
    outputs: Object.keys(node.definition.outputs),
  }));
  const keys = resultKeys(layout);
  const properties: JsonSchemaObject['properties'] = {};
  for (const node of plan.nodes) {
    // Input blocks echo the arguments; blocks inside loops keep no result of their own.
    if (node.definition.category === 'input' || node.region !== 0) continue;
    const own = keys.get(node.id)!;
    const declared: OutputsSpec = node.definition.outputs;
    for (const [name, decl] of Object.entries(declared)) {
      properties[own[name]!] = outputValueSchema(decl.type, decl.description ?? `${node.title}: ${name}`);
    }
  }
  properties.artifacts = {
    type: 'array',
    description: 'What the output blocks show (text, images, tables, files).',
    items: { type: 'object' },
  };
  return { type: 'object', properties };
}

function creditsText(credits: number): string {
  return credits === 1 ? '1 credit' : `${credits} credits`;
}

/** "Costs 4 credits per call (3 to the creator)." or a range when routes or loops vary it. */
export function priceText(cost: { min: number; max: number }, price: number): string {
  const range = cost.min === cost.max ? creditsText(cost.max) : `${cost.min} to ${creditsText(cost.max)}`;
  const creator = price > 0 ? ` (${creditsText(price)} of it to the app's creator)` : '';
  return `Costs ${range} per call${creator}.`;
}

/**
 * An app as one tool: `plan` is its planned config (the live version for others, the draft for
 * its owner), `price` what the caller pays its creator per call.
 */
export function appToolOf(app: App, plan: RunPlan, price: number): AppTool {
  const inputs = toolInputs(plan);
  const cost = withCreatorPrice(plan.costRange, price);
  const about = app.description.trim() === '' ? app.name : app.description.trim();
  return {
    appId: app.id!,
    slug: app.slug,
    name: toolNameOf(app.slug),
    title: app.name,
    description: `${about}\n\n${priceText(cost, price)}`,
    inputSchema: inputSchemaOf(inputs),
    outputSchema: outputSchemaOf(plan),
    inputs,
    price,
    cost,
  };
}
