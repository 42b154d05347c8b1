import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { testBuilder } from '../../testing/fake-api';
import { buildThreeBlocks } from '../../testing/builder-fixtures';
import { RunChecklist } from './RunChecklist';

describe('RunChecklist', () => {
  it('lists each problem by the Run button, and selecting one selects its block', async () => {
    const { builder } = await testBuilder();
    const { input, output } = buildThreeBlocks(builder);
    const display = builder.gestures.dropBlock('textDisplay', { x: 800, y: 500 })!;
    const html = renderToStaticMarkup(createElement(RunChecklist, { checklist: builder.checklist }));
    expect(html).toContain('Before this app can run');
    expect(html).toContain('Fill in &quot;Your text&quot; before running.');
    expect(html).toContain('Text Display is not connected: connect the block whose result it shows.');
    expect(builder.checklist.problems.map((p) => p.nodeId)).toEqual([input, display]);

    builder.view.selectNode(output);
    builder.checklist.show(builder.checklist.problems[1]!);
    expect(builder.view.selectedNodeId).toBe(display);
  });

  it('shows nothing when the app can run', async () => {
    const { builder } = await testBuilder();
    buildThreeBlocks(builder);
    builder.run.setValue('input_text', 'lighthouses');
    expect(builder.checklist.problems).toEqual([]);
    expect(renderToStaticMarkup(createElement(RunChecklist, { checklist: builder.checklist }))).toBe('');
  });
});
