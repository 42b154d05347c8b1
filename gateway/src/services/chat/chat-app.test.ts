import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../../kernel';
import { probeApp, probePlugin, probeTextApp } from '../../testing/probe-blocks';
import { chatShapeOf } from './chat-app';
import { DEFAULT_MEMORY } from './conversation-memory';

const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' });

const chatApp = (settings: Record<string, unknown> = {}) =>
  probeApp(
    [
      probePlugin('in', 'chatInput', settings),
      probePlugin('gen', 'textGeneration', { prompt_template: 'Reply to: {{input_text}}' }),
    ],
    [['in', 'gen']],
  );

describe('chatShapeOf', () => {
  it('gives an app chatted with through its one text input the Chat Input’s default memory', () => {
    const text = chatShapeOf(probeTextApp(), registry);
    const chat = chatShapeOf(chatApp(), registry);
    expect(text).toMatchObject({ chattable: true, mode: 'text', memory: DEFAULT_MEMORY });
    expect(chat).toMatchObject({ chattable: true, mode: 'chat', memory: DEFAULT_MEMORY });
    // The defaults are the Chat Input's own: 10 turns word for word, the older ones in brief.
    const declared = registry.get('chatInput')!.settings;
    expect(DEFAULT_MEMORY).toEqual({
      turns: declared.memory_turns!.default,
      older: declared.older_turns!.default,
    });
  });

  it('takes a Chat Input’s memory settings', () => {
    expect(chatShapeOf(chatApp({ memory_turns: 3, older_turns: 'forget' }), registry)).toMatchObject({
      memory: { turns: 3, older: 'forget' },
    });
  });

  it('refuses an app with two inputs, saying why', () => {
    const two = probeApp(
      [probePlugin('a', 'textInput', { label: 'Topic' }), probePlugin('b', 'textInput', { label: 'Tone' })],
      [],
    );
    expect(chatShapeOf(two, registry)).toEqual({
      chattable: false,
      reason: 'This app asks for more than one input, so it cannot be chatted with: run it from its form.',
    });
  });
});
