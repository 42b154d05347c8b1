import { TEMPLATE_COLUMNS, type AppConfig, type Category, type PluginInstance } from '@blocksmith/schema';

/**
 * A ready app to start from, offered in the builder's sidebar. Blocks sit on the 100 / 400 / 700
 * column grid; templates with routes or a loop continue it to the right (1000, 1300), one column
 * per step.
 */
export interface AppTemplate {
  id: string;
  name: string;
  description: string;
  category: Category;
  config: AppConfig;
}

const [LEFT, MIDDLE, RIGHT] = TEMPLATE_COLUMNS;
/** The columns after the three, for templates with more steps in a row. */
const COLUMN_STEP = RIGHT - MIDDLE;
const FOURTH = RIGHT + COLUMN_STEP;
const FIFTH = FOURTH + COLUMN_STEP;

function block(
  id: string,
  type: string,
  x: number,
  y: number,
  settings: Record<string, unknown>,
): PluginInstance {
  return { id, type, position: { x, y }, settings };
}

/** A connection; `fromPort` names the route it leaves from on a block with route outputs. */
function link(from: string, to: string, fromPort = 'output'): AppConfig['connections'][number] {
  return { id: `conn_${from}_${to}`, from, to, fromPort, toPort: 'input' };
}

function config(plugins: PluginInstance[], connections: AppConfig['connections']): AppConfig {
  return { plugins, connections, canvas: { zoom: 1, pan: { x: 0, y: 0 } } };
}

/**
 * The starter apps, in the order the builder lists them. Each names the block kinds it uses; the
 * server offers only those whose blocks are all installed (see installed-templates.ts).
 */
export const STARTER_TEMPLATES: readonly AppTemplate[] = [
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
  {
    id: 'support-ticket-triage',
    name: 'Support ticket triage',
    description: 'Classifies a ticket, then apologises for a complaint or answers a question.',
    category: 'Business',
    config: config(
      [
        block('ticket', 'textInput', LEFT, 140, {
          label: 'Paste a customer ticket',
          placeholder: 'e.g. My order arrived broken and nobody answers my e-mails.',
          multiline: true,
        }),
        block('kind', 'classification', MIDDLE, 140, { categories: 'Complaint, Question' }),
        block('is-complaint', 'condition', RIGHT, 140, {
          rule: 'category',
          value: 'Complaint',
          ignore_case: true,
        }),
        block('apology', 'textGeneration', FOURTH, 40, {
          prompt_template:
            'Write a short, warm reply to this customer complaint: apologise, say what happens next, and stay under 120 words.\n\nTicket:\n{{input_text}}',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('answer', 'textGeneration', FOURTH, 260, {
          prompt_template:
            'Answer this customer question clearly and kindly, in under 120 words.\n\nTicket:\n{{input_text}}',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('show-apology', 'textDisplay', FIFTH, 40, { style: 'card', showCopyButton: true }),
        block('show-answer', 'textDisplay', FIFTH, 260, { style: 'card', showCopyButton: true }),
      ],
      [
        link('ticket', 'kind'),
        link('kind', 'is-complaint'),
        link('is-complaint', 'apology', 'true'),
        link('is-complaint', 'answer', 'false'),
        link('apology', 'show-apology'),
        link('answer', 'show-answer'),
      ],
    ),
  },
  {
    // Uses a full block (Cold Email Writer): the template is locked on plans without full blocks.
    id: 'cold-outreach',
    name: 'Cold outreach email',
    description: 'A short cold email with a subject line and a follow-up, from notes about the recipient.',
    category: 'Business',
    config: config(
      [
        block('recipient', 'textInput', LEFT, 120, {
          label: 'Who are you writing to?',
          placeholder:
            'e.g. Priya Shah, Head of Operations at Northwind Logistics; they just opened a second warehouse.',
          multiline: true,
        }),
        block('email', 'coldEmail', MIDDLE, 120, {
          sender: '',
          goal: 'book a short intro call',
          tone: 'friendly',
        }),
        block('show-email', 'textDisplay', RIGHT, 120, { style: 'card', showCopyButton: true }),
      ],
      [link('recipient', 'email'), link('email', 'show-email')],
    ),
  },
  {
    id: 'csv-row-summaries',
    name: 'CSV row summariser',
    description: 'One sentence for each row of a CSV, gathered into a table.',
    category: 'Productivity',
    config: config(
      [
        block('csv', 'textInput', LEFT, 120, {
          label: 'Paste a CSV (header line first)',
          placeholder: 'name,feedback\nAda,Loved the new dashboard\nGrace,Export to PDF keeps failing',
          multiline: true,
        }),
        block('each-row', 'forEach', MIDDLE, 120, { split: 'table', max_items: 50, concurrency: 4 }),
        block('summary', 'textGeneration', RIGHT, 120, {
          prompt_template: 'Summarise this row of a table in one sentence:\n{{item}}',
          output_type: 'text',
          model: 'gpt-4',
        }),
        block('gather', 'collect', FOURTH, 120, { format: 'table', include_item: false }),
        block('show-table', 'tableDisplay', FIFTH, 120, { showDownload: true, downloadFormat: 'csv' }),
      ],
      [
        link('csv', 'each-row'),
        link('each-row', 'summary'),
        link('summary', 'gather'),
        link('gather', 'show-table'),
      ],
    ),
  },
];
