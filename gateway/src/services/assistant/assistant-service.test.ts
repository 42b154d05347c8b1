import { OfflineProvider } from '@blocksmith/block-sdk';
import { ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages, planRun } from '../../kernel';
import { AssistantService } from './assistant-service';

const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' });
const canvas = { zoom: 1, pan: { x: 0, y: 0 } };

describe('AssistantService', () => {
  it('builds a small valid app offline, named from the request', async () => {
    const assistant = new AssistantService(registry, new OfflineProvider());
    const request =
      'Write a catchy product description for whatever product the user describes, in three sentences';
    const app = await assistant.generateApp(request);
    expect(app.plugins.map((p) => p.type)).toEqual(['textInput', 'textGeneration', 'textDisplay']);
    expect(app.connections).toHaveLength(2);
    expect(app.appName).toBe(request.slice(0, 50).trim());
    expect(app.appDescription).toBe(request.slice(0, 100).trim());
    expect(app.plugins.map((p) => p.position.x)).toEqual([100, 400, 700]);
    expect(() =>
      planRun({ plugins: app.plugins, connections: app.connections, canvas }, registry),
    ).not.toThrow();
    const images = await assistant.generateApp('Make a logo image for my bakery');
    expect(images.plugins.map((p) => p.type)).toEqual(['textInput', 'imageGenerator', 'imagePreview']);
    const pdf = await assistant.generateApp('Summarize an uploaded PDF report');
    expect(pdf.plugins.map((p) => p.type)).toEqual(['fileUpload', 'pdfSummarization', 'textDisplay']);
  });

  it('keeps only registered blocks, valid settings and allowed connections from an AI answer, and remaps variables', async () => {
    const provider = new ScriptedProvider({
      json: [
        {
          message: 'Here you go',
          blocks: [
            { type: 'textInput', settings: { label: 'Topic', bogus: 1 } },
            {
              type: 'textGeneration',
              settings: { prompt_template: 'Write about {{topic}}', model: 'gpt-9' },
            },
            { type: 'textDisplay', settings: {} },
          ],
        },
      ],
    });
    Object.defineProperty(provider, 'offline', { value: false });
    const app = await new AssistantService(registry, provider).generateApp('A topic writer');
    expect(app.message).toBe('Here you go');
    const [input, generator] = app.plugins;
    expect(input!.settings).toMatchObject({ label: 'Topic' });
    expect(input!.settings).not.toHaveProperty('bogus');
    expect(generator!.settings).toMatchObject({
      prompt_template: 'Write about {{input_text}}',
      model: 'gpt-4',
    });
    expect(app.variableMapping[generator!.id]).toEqual({ topic: 'input_text' });
    expect(generator!.outputs?.[0]?.name).toBe('generated_text');
  });

  it('falls back to the offline plan when the AI answer is unusable', async () => {
    const provider = new ScriptedProvider({ json: ['not json', 'still not json'] });
    Object.defineProperty(provider, 'offline', { value: false });
    const app = await new AssistantService(registry, provider).generateApp('Translate my text');
    expect(app.plugins.map((p) => p.type)).toEqual(['textInput', 'translation', 'textDisplay']);
  });

  it('refuses a blank request', async () => {
    await expect(new AssistantService(registry, new OfflineProvider()).generateApp('   ')).rejects.toThrow(
      'Describe the app you want in a sentence.',
    );
  });

  it('writes prompts that use every variable, and refuses a description that leaves one out', async () => {
    const assistant = new AssistantService(registry, new OfflineProvider());
    await expect(assistant.generatePrompt('Summarise the topic', ['topic', 'tone'])).rejects.toThrow(
      'Please use all available variables in your prompt: tone',
    );
    const prompt = await assistant.generatePrompt('Write about the topic in the given tone', [
      'topic',
      'tone',
    ]);
    expect(prompt).toContain('{{topic}}');
    expect(prompt).toContain('{{tone}}');
  });
});
