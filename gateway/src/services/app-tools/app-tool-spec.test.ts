import { planRun } from '@blocksmith/engine';
import type { App } from '@blocksmith/schema';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../../kernel';
import { probeApp, probePlugin } from '../../testing/probe-blocks';
import { appToolAnswer } from './app-tool-answer';
import { appToolOf, priceText, toolNameOf } from './app-tool-spec';

const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' });

function app(config: App['config'], description = ''): App {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Two drafts',
    description,
    slug: 'two-drafts',
    category: '',
    isPrivate: false,
    isPublished: true,
    upvotes: 0,
    views: 0,
    uses: 0,
    config,
  };
}

describe('an app as a tool', () => {
  it('names the tool by its slug, kept to the characters and length MCP allows', () => {
    expect(toolNameOf('haiku-writer')).toBe('haiku-writer');
    expect(toolNameOf('a b/c:d')).toBe('a_b_c_d');
    expect(toolNameOf('x'.repeat(300))).toHaveLength(128);
    expect(toolNameOf('')).toBe('app');
  });

  it('says the price per call, a range when routes or loops vary it, and the creator’s part', () => {
    expect(priceText({ min: 2, max: 2 }, 0)).toBe('Costs 2 credits per call.');
    expect(priceText({ min: 1, max: 1 }, 0)).toBe('Costs 1 credit per call.');
    expect(priceText({ min: 2, max: 6 }, 1)).toBe(
      "Costs 2 to 6 credits per call (1 credit of it to the app's creator).",
    );
  });

  it('takes its parameters from the input blocks and its results from every block’s declared outputs', () => {
    const config = probeApp(
      [
        probePlugin('in', 'textInput', { label: 'Topic' }),
        probePlugin('first', 'textGeneration', { prompt_template: 'One: {{input_text}}' }),
        probePlugin('second', 'textGeneration', { prompt_template: 'Two: {{input_text}}' }),
        probePlugin('show', 'textDisplay'),
      ],
      [
        ['in', 'first'],
        ['in', 'second'],
        ['first', 'show'],
      ],
    );
    const plan = planRun(config, registry);
    const tool = appToolOf(app(config), plan, 2);
    expect(tool.description).toBe(`Two drafts\n\n${priceText(tool.cost, 2)}`);
    expect(tool.cost).toEqual({ min: plan.costRange.min + 2, max: plan.costRange.max + 2 });
    expect(tool.inputs).toEqual([{ name: 'input_text', kind: 'text', blockId: 'in', title: 'Topic' }]);
    // The keys a run's flat result has: the second block's output takes the next free name.
    expect(Object.keys(tool.outputSchema.properties)).toEqual([
      'generated_text',
      'generated_text_2',
      'artifacts',
    ]);
    expect(tool.outputSchema.required).toBeUndefined();
  });

  it('answers a run’s results as structured content and as text', () => {
    const answer = appToolAnswer('run-1', 4, {
      blocks: {
        gen: { kind: 'textGeneration', outputs: { generated_text: 'A poem.' } },
        facts: { kind: 'extraction', outputs: { extracted: { city: 'Oslo' } } },
      },
      artifacts: [
        { nodeId: 'show', artifact: { kind: 'text', format: 'card', text: 'A poem.', copyable: true } },
        {
          nodeId: 'pic',
          artifact: { kind: 'image', url: '/files/x.png', maxWidth: 400, downloadable: true },
        },
      ],
      layout: [
        { id: 'gen', variable: 'generated_text', outputs: ['generated_text'] },
        { id: 'facts', variable: 'extracted', outputs: ['extracted'] },
      ],
    });
    expect(answer).toMatchObject({ runId: 'run-1', credits: 4 });
    expect(answer.structured).toMatchObject({ generated_text: 'A poem.', extracted: { city: 'Oslo' } });
    expect(answer.text).toBe('generated_text: A poem.\nextracted: {"city":"Oslo"}\n/files/x.png');
    expect(appToolAnswer('run-2', 0, null).text).toBe('The app finished with no results.');
  });
});
