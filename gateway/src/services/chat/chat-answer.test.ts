import { answerOf } from './chat-answer';
import { titleOf } from './chat-service';

const layout = [
  { id: 'in', variable: 'input_text', outputs: ['input_text'] },
  { id: 'gen', variable: 'generated_text', outputs: ['generated_text'] },
];

describe('answerOf', () => {
  it('is the text the app shows, its text displays in order', () => {
    const result = {
      blocks: { gen: { kind: 'textGeneration', outputs: { generated_text: 'Hola' } } },
      artifacts: [
        { nodeId: 'a', artifact: { kind: 'text', format: 'markdown', text: '**Hola**', copyable: true } },
        { nodeId: 'b', artifact: { kind: 'image', url: '/x.png', maxWidth: 100, downloadable: false } },
        { nodeId: 'c', artifact: { kind: 'text', format: 'plain', text: 'Bonjour', copyable: false } },
      ],
      layout,
    };
    expect(answerOf(result)).toBe('**Hola**\n\nBonjour');
  });

  it('is the last block’s text when the app shows none, and empty when it made no text', () => {
    const blocks = { gen: { kind: 'textGeneration', outputs: { generated_text: 'Hola' } } };
    expect(answerOf({ blocks, artifacts: [], layout })).toBe('Hola');
    expect(answerOf({ blocks: {}, artifacts: [], layout })).toBe('');
    expect(answerOf(null)).toBe('');
  });
});

describe('titleOf', () => {
  it('names a conversation after its first message’s first line, 60 characters at most', () => {
    expect(titleOf('  Tides\nand the moon')).toBe('Tides');
    const long = titleOf('word '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
    expect(titleOf('😀'.repeat(40))).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
