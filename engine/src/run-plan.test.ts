import { defineBlock, field, output } from '@blocksmith/block-sdk';
import type { AppConfig } from '@blocksmith/schema';
import {
  collectDisplay,
  echoInput,
  probeApp as app,
  probePlugin as plugin,
  templateBlock,
  TestBlocks,
} from './testing';
import { GraphValidationError, planRun } from './run-plan';
import type { ModelLookup } from './plan-types';

const registry = new TestBlocks();
for (const block of [echoInput, templateBlock, collectDisplay]) registry.register(block);

function problemsOf(config: unknown): { nodeId?: string; message: string }[] {
  try {
    planRun(config as AppConfig, registry);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphValidationError);
    expect((error as GraphValidationError).code).toBe('BAD_USER_INPUT');
    return (error as GraphValidationError).problems;
  }
  throw new Error('expected the plan to be refused');
}

describe('planRun', () => {
  it('orders blocks by their connections and prices the AI blocks', () => {
    const plan = planRun(
      app(
        [plugin('show', 'collectDisplay'), plugin('gen', 'template'), plugin('in', 'echoInput')],
        [
          ['in', 'gen'],
          ['gen', 'show'],
        ],
      ),
      registry,
    );
    expect(plan.order.map((i) => plan.nodes[i]!.id)).toEqual(['in', 'gen', 'show']);
    expect(plan.cost).toBe(2);
    expect(plan.nodes[1]!.settings).toEqual({ template: '{{input_text}}' });
    expect(plan.nodes[2]!.variable).toBe('input_text');
  });

  it('refuses a malformed node list', () => {
    expect(problemsOf({ plugins: [{ id: 'x' }], connections: [] })[0]!.message).toMatch(/x/);
    expect(problemsOf({ connections: [] }).length).toBeGreaterThan(0);
  });

  it('names every node at fault: unknown kinds, bad settings and forbidden connections', () => {
    const problems = problemsOf(
      app(
        [
          plugin('u', 'noSuchBlock'),
          plugin('t', 'template', { template: 42 }),
          plugin('in', 'echoInput'),
          plugin('show', 'collectDisplay'),
        ],
        [
          ['show', 't'],
          ['t', 'in'],
          ['t', 't'],
          ['t', 'ghost'],
        ],
      ),
    );
    expect(problems).toEqual([
      { nodeId: 'u', message: 'noSuchBlock (u): unknown block kind "noSuchBlock".' },
      { nodeId: 't', message: 'Template (t): Template must be text.' },
      { nodeId: 'show', message: 'Collect Display (show) is an output block and cannot feed another block.' },
      { nodeId: 'in', message: 'Echo Input (in) is an input block and cannot receive a connection.' },
      { nodeId: 't', message: 'Template (t) is connected to itself.' },
      { nodeId: 'ghost', message: 'A connection (c3) points to a missing block ghost.' },
    ]);
  });

  it('refuses a loop, naming the blocks in it', () => {
    const problems = problemsOf(
      app(
        [plugin('a', 'template'), plugin('b', 'template'), plugin('c', 'template')],
        [
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'b'],
        ],
      ),
    );
    expect(problems).toEqual([
      { nodeId: 'b', message: 'These blocks are connected in a loop: Template (b), Template (c).' },
    ]);
  });

  it('refuses settings saved by a newer version of a block', () => {
    expect(problemsOf(app([plugin('t', 'template', {}, 3)], []))[0]!.message).toContain(
      'newer than this server',
    );
  });

  it('refuses two blocks with the same id', () => {
    expect(problemsOf(app([plugin('a', 'template'), plugin('a', 'template')], []))[0]!.message).toBe(
      'Two blocks share the id a.',
    );
  });
});

describe("planRun with the server's models", () => {
  const modelBlock = defineBlock({
    kind: 'modelProbe',
    name: 'Model probe',
    description: 'Names a model for structured answers.',
    category: 'ai',
    cost: 3,
    settings: { model: field.model({ label: 'Model', capability: 'structured', fallback: 'gpt-4' }) },
    outputs: { answer: output.text() },
    run: () => ({ answer: '' }),
  });
  const withModels = new TestBlocks();
  for (const block of [echoInput, modelBlock]) withModels.register(block);
  const asked: string[] = [];
  const models: ModelLookup = {
    check(model, capability) {
      asked.push(`${model}/${capability}`);
      if (model === 'big') return { credits: 4 };
      if (model === 'small') return { credits: 0 };
      return { problem: `Model "${model}" is not available on this server; choose another.` };
    },
  };
  const config = (model: string) =>
    app([plugin('in', 'echoInput'), plugin('ai', 'modelProbe', { model })], [['in', 'ai']]);

  it("adds the chosen model's credits to the block's price, asking for the capability the block needs", () => {
    expect(planRun(config('big'), withModels, { models }).cost).toBe(7);
    expect(planRun(config('small'), withModels, { models }).cost).toBe(3);
    expect(asked).toEqual(['big/structured', 'small/structured']);
  });

  it('refuses a model the server cannot use, naming the block and the model', () => {
    let refused: unknown;
    try {
      planRun(config('gone'), withModels, { models });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(GraphValidationError);
    expect((refused as GraphValidationError).problems).toEqual([
      {
        nodeId: 'ai',
        message: expect.stringContaining('Model "gone" is not available on this server; choose another.'),
      },
    ]);
  });

  it("takes any model at the block's own price when no models are given", () => {
    expect(planRun(config('gone'), withModels).cost).toBe(3);
  });
});
