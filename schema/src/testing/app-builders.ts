/* Builders shared by this package's tests; the build leaves `testing/` out. */
import type { AppConfig, Connection, PluginInstance } from '../app';
import type { BlockCategory } from '../categories';

export function plugin(id: string, type: string, extra: Partial<PluginInstance> = {}): PluginInstance {
  return { id, type, position: { x: 0, y: 0 }, settings: {}, ...extra };
}

export function link(from: string, to: string, id = `${from}->${to}`): Connection {
  return { id, from, to, fromPort: 'output', toPort: 'input' };
}

export function config(plugins: PluginInstance[], connections: Connection[] = []): AppConfig {
  return { plugins, connections, canvas: { zoom: 1, pan: { x: 0, y: 0 } } };
}

const CATEGORIES: Record<string, BlockCategory> = {
  textInput: 'input',
  fileUpload: 'input',
  dropdown: 'input',
  textGeneration: 'ai',
  classification: 'ai',
  imageGenerator: 'ai',
  textDisplay: 'output',
  imagePreview: 'output',
};

export function categoryOf(type: string): BlockCategory | undefined {
  return CATEGORIES[type];
}

const FIRST_OUTPUTS: Record<string, string> = {
  textInput: 'input_text',
  fileUpload: 'file_url',
  dropdown: 'selected_option',
  textGeneration: 'generated_text',
  classification: 'classified_category',
  imageGenerator: 'generated_image_url',
};

export function firstOutputOf(type: string): string | undefined {
  return FIRST_OUTPUTS[type];
}

/** Freezes a value and everything inside it, so a test fails if a rule mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
