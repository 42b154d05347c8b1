import { defineBlock, field, output } from './index';
import { runBlock } from './testing/run-block';

/** Renders its template with the run's variables and an `extra` value. */
const renderer = defineBlock({
  kind: 'renderer',
  name: 'Renderer',
  description: 'Renders its template.',
  category: 'ai',
  cost: 1,
  settings: { template: field.prompt({ label: 'Template', default: '' }) },
  outputs: { rendered: output.text() },
  run: (ctx) => ({ rendered: ctx.render(ctx.settings.template, { extra: { note: 'from extra' } }) }),
});

describe('NodeContext.render', () => {
  it('reaches into upstream values and extra values, and keeps missing fields as written', async () => {
    const { outputs } = await runBlock(renderer, {
      settings: {
        template: '{{item.name}} in {{ item.city }}; {{rows[1].email}}; {{extra.note}}; {{item.nme}}',
      },
      variables: { item: { name: 'Ada', city: 'London' }, rows: '[{"email": "a@x"}, {"email": "b@x"}]' },
    });
    expect(outputs.rendered).toBe('Ada in London; b@x; from extra; {{item.nme}}');
  });

  it('fills from extra only the names upstream variables lack, and leaves a template without them as it is', async () => {
    const rendered = (template: string, variables: Record<string, unknown>) =>
      runBlock(renderer, { settings: { template }, variables }).then(({ outputs }) => outputs.rendered);
    expect(await rendered('{{extra}} / {{other}}', { extra: 'upstream' })).toBe('upstream / {{other}}');
    expect(await rendered('{{extra.note}} and {{ extra }}', {})).toBe(
      'from extra and {\n  "note": "from extra"\n}',
    );
    expect(await rendered('Rhyme with {{item}}', { item: 'moon' })).toBe('Rhyme with moon');
  });
});
