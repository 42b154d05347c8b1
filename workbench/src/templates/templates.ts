import { TEMPLATE_COLUMNS, type AppConfig, type Category, type PluginInstance } from '@blocksmith/schema';

/** A ready app to start from. Blocks sit on the 100 / 400 / 700 column grid. */
export interface AppTemplate {
  id: string;
  name: string;
  description: string;
  category: Category;
  config: AppConfig;
}

const [LEFT, MIDDLE, RIGHT] = TEMPLATE_COLUMNS;

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

function config(plugins: PluginInstance[], connections: AppConfig['connections']): AppConfig {
  return { plugins, connections, canvas: { zoom: 1, pan: { x: 0, y: 0 } } };
}

export const TEMPLATES: readonly AppTemplate[] = [
  {
    id: 'youtube-metadata',
    name: 'YouTube metadata generator',
    description: 'Titles, a description and tags for a video from its topic.',
    category: 'Content',
    config: config(
      [
        block('topic', 'textInput', LEFT, 120, {
          label: 'What is your video about?',
          placeholder: 'e.g. A beginner guide to sourdough bread',
          multiline: true,
        }),
        block('titles', 'textGeneration', MIDDLE, 40, {
          prompt_template:
            'Write 5 catchy YouTube titles (under 70 characters) for a video about: {{input_text}}',
          output_type: 'list',
          model: 'gpt-4',
        }),
        block('details', 'textGeneration', MIDDLE, 220, {
          prompt_template:
            'Write a YouTube video description (150 words) and 10 comma-separated tags for a video about: {{input_text}}',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('show-titles', 'textDisplay', RIGHT, 40, { style: 'card', showCopyButton: true }),
        block('show-details', 'textDisplay', RIGHT, 220, { style: 'markdown', showCopyButton: true }),
      ],
      [
        link('topic', 'titles'),
        link('topic', 'details'),
        link('titles', 'show-titles'),
        link('details', 'show-details'),
      ],
    ),
  },
  {
    id: 'travel-itinerary',
    name: 'Travel itinerary generator',
    description: 'A day-by-day plan from a destination and a travel style.',
    category: 'Productivity',
    config: config(
      [
        block('destination', 'textInput', LEFT, 40, {
          label: 'Where and for how long?',
          placeholder: 'e.g. Lisbon, 4 days',
          multiline: false,
        }),
        block('style', 'dropdown', LEFT, 220, {
          label: 'Travel style',
          options: 'Relaxed, Adventurous, Food lover, Culture and museums, On a budget',
        }),
        block('plan', 'textGeneration', MIDDLE, 120, {
          prompt_template:
            'Plan a day-by-day itinerary for {{input_text}}. Travel style: {{selected_option}}. Use a heading per day and suggest places to eat.',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('show-plan', 'textDisplay', RIGHT, 120, { style: 'markdown', showCopyButton: true }),
      ],
      [link('destination', 'plan'), link('style', 'plan'), link('plan', 'show-plan')],
    ),
  },
  {
    id: 'product-description-image',
    name: 'Product description plus image generator',
    description: 'Shop copy and a product picture from a few product details.',
    category: 'Marketing',
    config: config(
      [
        block('product', 'textInput', LEFT, 120, {
          label: 'Describe your product',
          placeholder: 'e.g. A bamboo desk organiser with three drawers',
          multiline: true,
        }),
        block('copy', 'textGeneration', MIDDLE, 40, {
          prompt_template:
            'Write a persuasive product description (about 100 words) with three bullet-point benefits for: {{input_text}}',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('picture', 'imageGenerator', MIDDLE, 220, {
          prompt_template: 'A clean studio product photo of {{input_text}} on a white background',
          output_type: 'image',
          model: 'dalle',
          size: '',
        }),
        block('show-copy', 'textDisplay', RIGHT, 40, { style: 'markdown', showCopyButton: true }),
        block('show-picture', 'imagePreview', RIGHT, 220, { maxWidth: 400, showDownload: true }),
      ],
      [
        link('product', 'copy'),
        link('product', 'picture'),
        link('copy', 'show-copy'),
        link('picture', 'show-picture'),
      ],
    ),
  },
  {
    id: 'social-media-post',
    name: 'Social media post generator',
    description: 'A post for the network you choose, in the tone you want.',
    category: 'Marketing',
    config: config(
      [
        block('subject', 'textInput', LEFT, 40, {
          label: 'What should the post say?',
          placeholder: 'e.g. We just opened our second bakery in Leeds',
          multiline: true,
        }),
        block('network', 'dropdown', LEFT, 220, {
          label: 'Network',
          options: 'LinkedIn, Instagram, X, Facebook',
        }),
        block('post', 'textGeneration', MIDDLE, 120, {
          prompt_template:
            'Write a {{selected_option}} post about: {{input_text}}. Keep it within the network’s usual length and add fitting hashtags.',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('show-post', 'textDisplay', RIGHT, 120, { style: 'card', showCopyButton: true }),
      ],
      [link('subject', 'post'), link('network', 'post'), link('post', 'show-post')],
    ),
  },
];
