import type { SettingsSpec } from '@blocksmith/schema';
import type { BlockSpec } from './block-definition';
import { catalogueEntry } from './catalogue-entry';
import { defineBlock, definitionProblems } from './define-block';
import { output, type OutputsSpec } from './outputs';

const base = {
  kind: 'reviewer',
  name: 'Reviewer',
  description: 'Scores a text.',
  category: 'ai' as const,
  cost: 1,
  settings: {},
  run: () => ({}),
};

function problems(spec: Partial<BlockSpec<SettingsSpec, OutputsSpec>>): string[] {
  return definitionProblems({ ...base, outputs: {}, ...spec } as BlockSpec<SettingsSpec, OutputsSpec>);
}

describe('result declarations', () => {
  it('carries views declared on outputs into the catalogue, titled by the block unless they say', () => {
    const writer = defineBlock({
      ...base,
      outputs: {
        text: output.text('The text', { view: 'markdown', title: 'Draft' }),
        picture: output.url('A picture', { view: 'image' }),
        words: output.number(),
      },
      run: () => ({ text: '', picture: '', words: 0 }),
    });
    expect(writer.outputs.text).toEqual({
      type: 'text',
      description: 'The text',
      view: 'markdown',
      title: 'Draft',
    });
    expect(catalogueEntry(writer).present).toEqual([
      { output: 'text', title: 'Draft', views: [{ view: 'markdown' }] },
      { output: 'picture', title: 'Reviewer', views: [{ view: 'image' }] },
    ]);
    // The catalogue's outputs stay name, type and description.
    expect(catalogueEntry(writer).outputs[0]).toEqual({
      name: 'text',
      type: 'text',
      description: 'The text',
    });
  });

  it('shows the first text output as text under the block name when nothing is declared', () => {
    const plain = defineBlock({
      ...base,
      outputs: { score: output.number(), answer: output.text() },
      run: () => ({ score: 1, answer: '' }),
    });
    expect(catalogueEntry(plain).present).toEqual([
      { output: 'answer', title: 'Reviewer', views: [{ view: 'text' }] },
    ]);
    const silent = defineBlock({
      ...base,
      outputs: { answer: output.text() },
      present: [],
      run: () => ({ answer: '' }),
    });
    expect(catalogueEntry(silent).present).toEqual([]);
  });

  it('carries a compound present declaration as declared', () => {
    const present = [
      {
        output: 'review' as const,
        title: 'Review',
        download: 'review',
        views: [
          { view: 'scorecard' as const, score: 'overall', recommendations: { path: 'tips', title: 'Tips' } },
        ],
      },
    ];
    const reviewer = defineBlock({
      ...base,
      outputs: { review: output.json() },
      present,
      run: () => ({ review: {} }),
    });
    expect(catalogueEntry(reviewer).present).toEqual(present);
  });

  it('refuses declarations the workbench could not draw, naming each problem', () => {
    expect(
      problems({
        outputs: {
          a: output.json('A', { view: 'image' }),
          // @ts-expect-error: a scorecard belongs in present
          b: output.text('B', { view: 'scorecard' }),
          c: output.text('C', { title: ' ' }),
        },
      }),
    ).toEqual([
      'output "a" shows as image, so it must be a url or text output',
      'output "b" has view "scorecard"; an output may use text, markdown, table, image, file',
      'output "c" has an empty title',
    ]);
    expect(
      problems({
        outputs: { a: output.text() },
        present: [{ output: 'b', title: 'B', views: [{ view: 'text' }] }],
      }),
    ).toEqual(['present[0].output must name an output, not "b"']);
    expect(
      problems({
        outputs: { a: output.text('A', { view: 'markdown' }) },
        present: [{ output: 'a', title: 'A', views: [{ view: 'fields', fields: [] }] }],
      }),
    ).toEqual(['declare views on outputs or in present, not both', 'present[0].views[0] needs fields']);
    expect(
      problems({
        category: 'input',
        inputKind: 'text',
        cost: 0,
        outputs: { a: output.text('A', { view: 'markdown' }) },
      }),
    ).toEqual(['result views are only for blocks whose outputs are results (category ai)']);
  });

  it('fails when the package loads, with the block named', () => {
    expect(() =>
      defineBlock({
        ...base,
        outputs: { a: output.text() },
        // @ts-expect-error: present names outputs of the block
        present: [{ output: 'b', title: 'B', views: [{ view: 'text' }] }],
      }),
    ).toThrow('Block "reviewer" is invalid: present[0].output must name an output, not "b".');
  });
});
