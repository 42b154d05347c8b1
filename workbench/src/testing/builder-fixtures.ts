import type { BuilderStore } from '../stores/builder-store';

/** An input, a Text Generation and a display dropped on the canvas and connected in a line. */
export function buildThreeBlocks(builder: BuilderStore) {
  const input = builder.gestures.dropBlock('textInput', { x: 200, y: 200 })!;
  const ai = builder.gestures.dropBlock('textGeneration', { x: 500, y: 200 })!;
  const output = builder.gestures.dropBlock('textDisplay', { x: 800, y: 200 })!;
  builder.gestures.connect(input, ai);
  builder.gestures.connect(ai, output);
  return { input, ai, output };
}
