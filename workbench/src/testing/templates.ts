import type { AppConfig, PluginInstance } from '@blocksmith/schema';
import type { AppTemplate } from '../api/templates';

function block(
  id: string,
  type: string,
  x: number,
  y: number,
  settings: Record<string, unknown>,
): PluginInstance {
  return { id, type, position: { x, y }, settings };
}

function link(from: string, to: string): AppConfig['connections'][number] {
  return { id: `conn_${from}_${to}`, from, to, fromPort: 'output', toPort: 'input' };
}

/** Templates as the gateway serves them, over the fake API's catalogue. */
export const TEMPLATES: AppTemplate[] = [
  {
    id: 'youtube-metadata',
    name: 'YouTube metadata generator',
    description: 'Titles, a description and tags for a video from its topic.',
    category: 'Content',
    config: {
      plugins: [
        block('topic', 'textInput', 100, 120, { label: 'What is your video about?', multiline: true }),
        block('titles', 'textGeneration', 400, 120, {
          prompt_template: 'Write 5 catchy YouTube titles for a video about: {{input_text}}',
          output_type: 'list',
          model: 'gpt-4',
        }),
        block('show-titles', 'textDisplay', 700, 120, { style: 'card', showCopyButton: true }),
      ],
      connections: [link('topic', 'titles'), link('titles', 'show-titles')],
      canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    },
  },
  {
    id: 'travel-itinerary',
    name: 'Travel itinerary generator',
    description: 'A day-by-day plan from a destination and a travel style.',
    category: 'Productivity',
    config: {
      plugins: [
        block('destination', 'textInput', 100, 40, { label: 'Where and for how long?', multiline: false }),
        block('style', 'dropdown', 100, 220, { label: 'Travel style', options: 'Relaxed, Adventurous' }),
        block('plan', 'textGeneration', 400, 120, {
          prompt_template: 'Plan {{input_text}}. Travel style: {{selected_option}}.',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('show-plan', 'textDisplay', 700, 120, { style: 'markdown', showCopyButton: true }),
      ],
      connections: [link('destination', 'plan'), link('style', 'plan'), link('plan', 'show-plan')],
      canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    },
  },
];
