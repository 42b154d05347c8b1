import { OfflineProvider } from '../../providers/ai';
import { ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { planRun } from '@blocksmith/engine';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../../kernel';
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

  it('answers each kind its own way with a classification and a condition, offline', async () => {
    const assistant = new AssistantService(registry, new OfflineProvider());
    const app = await assistant.generateApp(
      'classify each ticket and answer complaints one way and questions another',
    );
    const byId = new Map(app.plugins.map((p) => [p.id, p]));
    expect(app.plugins.map((p) => p.type)).toEqual([
      'textInput',
      'classification',
      'condition',
      'textGeneration',
      'textDisplay',
      'textGeneration',
      'textDisplay',
    ]);
    const [, classify, condition, complaint, , question] = app.plugins;
    expect(classify!.settings.categories).toBe('Complaint, Question');
    expect(condition!.settings).toMatchObject({ rule: 'category', value: 'Complaint' });
    const routes = app.connections.filter((c) => c.from === condition!.id).map((c) => [c.fromPort, c.to]);
    expect(routes).toEqual([
      ['true', complaint!.id],
      ['false', question!.id],
    ]);
    expect(complaint!.settings.prompt_template).toContain('{{input_text}}');
    // Laid out by step, left to right; the two routes one above the other.
    expect(app.plugins.map((p) => p.position.x)).toEqual([100, 400, 700, 1000, 1300, 1000, 1300]);
    expect(byId.get(question!.id)!.position.y).toBeGreaterThan(complaint!.position.y);
    expect(() =>
      planRun({ plugins: app.plugins, connections: app.connections, canvas }, registry),
    ).not.toThrow();
  });

  it('routes by more kinds with a router, and by a word the request names with a condition', async () => {
    const assistant = new AssistantService(registry, new OfflineProvider());
    const triage = await assistant.generateApp('Triage support mail: sort it into billing, bugs and sales');
    const router = triage.plugins.find((p) => p.type === 'router')!;
    expect(router.settings.routes).toBe('Billing\nBug\nSale');
    expect(triage.connections.filter((c) => c.from === router.id).map((c) => c.fromPort)).toEqual([
      'Billing',
      'Bug',
      'Sale',
    ]);
    const refund = await assistant.generateApp(
      'If the message mentions a refund, reply with our refund steps, otherwise thank them',
    );
    expect(refund.plugins.map((p) => p.type)).toEqual([
      'textInput',
      'condition',
      'textGeneration',
      'textDisplay',
      'textGeneration',
      'textDisplay',
    ]);
    expect(refund.plugins[1]!.settings).toMatchObject({ rule: 'contains', value: 'refund' });
    for (const app of [triage, refund])
      expect(() =>
        planRun({ plugins: app.plugins, connections: app.connections, canvas }, registry),
      ).not.toThrow();
  });

  it('goes through each row of a CSV with For Each and collects the results, offline', async () => {
    const assistant = new AssistantService(registry, new OfflineProvider());
    const app = await assistant.generateApp('summarise each row of this CSV');
    expect(app.plugins.map((p) => p.type)).toEqual([
      'textInput',
      'forEach',
      'textGeneration',
      'collect',
      'tableDisplay',
    ]);
    const [, each, summary, collect] = app.plugins;
    expect(each!.settings.split).toBe('table');
    expect(summary!.settings.prompt_template).toContain('{{item}}');
    expect(collect!.settings).toMatchObject({ format: 'table' });
    expect(app.connections.map((c) => c.fromPort)).toEqual(['output', 'output', 'output', 'output']);
    expect(() =>
      planRun({ plugins: app.plugins, connections: app.connections, canvas }, registry),
    ).not.toThrow();

    // Each line of a list, sorted by kind inside the loop: the routes end at the loop's end.
    const sorted = await assistant.generateApp(
      'For each line, answer complaints one way and questions another',
    );
    expect(sorted.plugins.map((p) => p.type)).toEqual([
      'textInput',
      'forEach',
      'classification',
      'condition',
      'textGeneration',
      'textGeneration',
      'collect',
      'tableDisplay',
    ]);
    expect(() =>
      planRun({ plugins: sorted.plugins, connections: sorted.connections, canvas }, registry),
    ).not.toThrow();
  });

  it('connects an AI answer as it lists the connections, from routes too', async () => {
    const provider = new ScriptedProvider({
      json: [
        {
          message: 'Sorted',
          blocks: [
            { type: 'textInput', settings: {} },
            { type: 'condition', settings: { rule: 'contains', value: 'urgent' } },
            { type: 'textDisplay', settings: {} },
            { type: 'textDisplay', settings: {} },
          ],
          connections: [
            { from: 0, to: 1 },
            { from: 1, to: 2, route: 'true' },
            { from: 1, to: 3, route: 'false' },
            { from: 2, to: 3 },
            { from: 7, to: 0 },
          ],
        },
      ],
    });
    Object.defineProperty(provider, 'offline', { value: false });
    const app = await new AssistantService(registry, provider).generateApp('Flag urgent mail');
    expect(app.plugins.map((p) => p.type)).toEqual(['textInput', 'condition', 'textDisplay', 'textDisplay']);
    // An output block feeds nothing, and a connection to a block that is not there is left out.
    expect(app.connections.map((c) => c.fromPort)).toEqual(['output', 'true', 'false']);
    expect(app.plugins.map((p) => p.position.x)).toEqual([100, 400, 700, 700]);
    const asked = provider.calls[0]!.request as { system?: string };
    expect(asked.system).toContain('condition has routes (true, false)');
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

  it('keeps straight apps for requests that neither loop nor route', async () => {
    const assistant = new AssistantService(registry, new OfflineProvider());
    for (const [request, ai] of [
      ['Summarise a text\nand classify its sentiment', 'longSummary'],
      ['Classify the sentiment of a review', 'classification'],
      ['Write a thank-you note for every guest who came', 'textGeneration'],
    ] as const) {
      const app = await assistant.generateApp(request);
      expect(app.plugins.map((p) => p.type)).toEqual(['textInput', ai, 'textDisplay']);
    }
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
