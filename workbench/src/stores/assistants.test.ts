import {
  AiBuildStore,
  CAME_FROM_BUTTON_KEY,
  CLOSE_DELAY_MS,
  ONBOARDING_DELAY_MS,
  PENDING_PROMPT_KEY,
} from './ai-build-store';
import { AssistantStore } from './assistant-store';
import { ONBOARDING_COMPLETED_KEY, OnboardingStore } from './onboarding-store';
import { PromptAssistantStore } from './prompt-assistant-store';
import { generatedAppDraft } from './generated-app';
import { TEMPLATES } from '../testing/templates';
import { ApiError } from '../api/blocksmith-api';
import { manualTimers, memoryStorage, testBuilder } from '../testing/fake-api';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function assistantSetup(signedIn = true) {
  const t = await testBuilder({ signedIn });
  const assistant = new AssistantStore(t.api, t.session, t.builder, t.toasts, t.analytics, () => 1000);
  return { ...t, assistant };
}

describe('AssistantStore', () => {
  it('does not send a blank prompt, and Enter sends while Shift+Enter does not', async () => {
    const { assistant, api } = await assistantSetup();
    assistant.setDraft('   ');
    expect(assistant.canSend).toBe(false);
    await assistant.send();
    expect(api.calls).not.toContain('generateApp');
    assistant.setDraft('A blog post writer');
    expect(assistant.onKey('Enter', true)).toBe(false);
    expect(assistant.onKey('a', false)).toBe(false);
    expect(assistant.onKey('Enter', false)).toBe(true);
    expect(assistant.pending).toBe(true);
    expect(assistant.canSend).toBe(false);
    assistant.setDraft('another');
    await assistant.send();
    await tick();
    expect(api.calls.filter((c) => c === 'generateApp')).toHaveLength(1);
  });

  it('loads a generated app onto the canvas, keeping only complete connections, and tracks it', async () => {
    const { assistant, builder, toasts, api, analytics } = await assistantSetup();
    assistant.setDraft('A blog post writer');
    await assistant.send();
    expect(builder.document.config.plugins).toHaveLength(2);
    expect(builder.document.config.connections.map((c) => c.id)).toEqual(['c1']);
    expect(builder.document.meta.name).toBe('A blog post writer');
    expect(builder.document.meta.id).toBeUndefined();
    expect(toasts.toasts[0]).toMatchObject({ title: 'App built!' });
    expect(assistant.messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    await analytics.settled();
    expect(api.events).toContainEqual({
      name: 'assistant_used',
      props: { prompt_length: 18, plugins_generated: 2 },
    });
  });

  it('refuses an answer without plugins and connections', async () => {
    const { assistant, api, builder } = await assistantSetup();
    api.generated = { ...api.generated, connections: undefined as unknown as [] };
    assistant.setDraft('x');
    await assistant.send();
    expect(assistant.messages.at(-1)).toMatchObject({
      content: 'Invalid app configuration received',
      error: true,
    });
    expect(builder.document.config.plugins).toHaveLength(0);
  });

  it('says which error happened: sign-in, connection, server message', async () => {
    const signedOut = await assistantSetup(false);
    signedOut.assistant.setDraft('x');
    await signedOut.assistant.send();
    expect(signedOut.assistant.messages.at(-1)?.content).toMatch(/sign in/i);
    expect(signedOut.api.calls).not.toContain('generateApp');

    const { assistant, api } = await assistantSetup();
    api.failNext.generateApp = new ApiError('Failed to fetch');
    assistant.setDraft('x');
    await assistant.send();
    expect(assistant.messages.at(-1)?.content).toBe(
      'Failed to connect to the AI service. Please check your connection and try again.',
    );
    api.failNext.generateApp = new ApiError('Describe the app you want in a sentence.', 'BAD_USER_INPUT');
    assistant.setDraft('y');
    await assistant.send();
    expect(assistant.messages.at(-1)?.content).toBe('Describe the app you want in a sentence.');
    api.failNext.generateApp = new ApiError('', 'INTERNAL');
    assistant.setDraft('z');
    await assistant.send();
    expect(assistant.messages.at(-1)?.content).toBe("Sorry, I couldn't generate your app. Please try again.");
  });

  it('asks before replacing unsaved blocks', async () => {
    const { assistant, builder } = await assistantSetup();
    builder.gestures.dropBlock('textInput', { x: 10, y: 10 });
    assistant.setDraft('A blog post writer');
    await assistant.send();
    expect(builder.dialogs.confirm?.title).toBe('Replace the app on the canvas?');
    builder.dialogs.confirm!.onConfirm();
    expect(builder.document.config.plugins).toHaveLength(2);
  });

  it('refuses a node list that is not valid', () => {
    expect(() => generatedAppDraft({ plugins: [{ id: 'a' }], connections: [] }, 'x')).toThrow(
      'Error Loading App: Failed to load the generated app configuration.',
    );
  });
});

describe('templates', () => {
  it('load as unsaved apps with a fresh slug, the toast and the template_loaded event', async () => {
    const { builder, toasts, api, analytics } = await testBuilder();
    const template = TEMPLATES[0]!;
    builder.drafts.loadTemplate(template);
    expect(builder.document.meta.id).toBeUndefined();
    expect(builder.document.meta.isPublished).toBe(false);
    expect(builder.document.meta.slug).toMatch(/^youtube-metadata-generator/);
    expect(toasts.toasts[0]?.message).toBe('Template loaded');
    await analytics.settled();
    expect(api.events).toContainEqual({
      name: 'template_loaded',
      props: { template_name: template.name, template_category: template.category },
    });
  });
});

describe('PromptAssistantStore', () => {
  it('goes describing -> generating -> generated -> accepted, writing the prompt into the block', async () => {
    const { builder, api } = await testBuilder();
    const ai = builder.gestures.dropBlock('textGeneration', { x: 300, y: 100 })!;
    const pa = new PromptAssistantStore(api, builder.document);
    pa.openFor(ai, ['input_text', 'selected_option']);
    expect(pa.phase).toBe('describing');
    expect(pa.canGenerate).toBe(false);
    pa.setDescription('Write a poem about the input_text');
    await pa.generate();
    expect(pa.error).toBe('Please use all available variables in your prompt: selected_option');
    expect(api.calls).not.toContain('generatePrompt');
    expect(pa.canUse).toBe(false);
    pa.setDescription('Write a poem about the input_text in the selected_option style');
    const generating = pa.generate();
    expect(pa.phase).toBe('generating');
    expect(pa.canGenerate).toBe(false);
    await generating;
    expect(pa.phase).toBe('generated');
    expect(pa.canUse).toBe(true);
    const prompt = pa.prompt;
    pa.accept();
    expect(builder.document.pluginById.get(ai)!.settings.prompt_template).toBe(prompt);
    expect(pa.phase).toBe('closed');
    expect(pa.description).toBe('');
  });

  it('shows the server message or its fallback, and cancelling clears it', async () => {
    const { builder, api } = await testBuilder();
    const pa = new PromptAssistantStore(api, builder.document);
    pa.openFor('x', []);
    pa.setDescription('something');
    api.failNext.generatePrompt = new Error('');
    await pa.generate();
    expect(pa.error).toBe('Failed to generate prompt');
    expect(pa.phase).toBe('describing');
    pa.cancel();
    expect(pa.isOpen).toBe(false);
  });
});

describe('OnboardingStore', () => {
  it('has 7 steps with Next and Previous; finishing sets the flag and it never opens again', () => {
    const storage = memoryStorage();
    const tour = new OnboardingStore(storage, manualTimers());
    tour.show();
    expect(tour.open).toBe(true);
    tour.previous();
    expect(tour.step).toBe(0);
    for (let i = 0; i < 6; i++) tour.next();
    expect(tour.step).toBe(6);
    expect(tour.isLast).toBe(true);
    tour.previous();
    tour.next();
    tour.next();
    expect(tour.open).toBe(false);
    expect(storage.getItem(ONBOARDING_COMPLETED_KEY)).toBe('true');
    tour.show();
    expect(tour.open).toBe(false);
  });

  it('Skip completes it; it is not shown when not allowed (an AI build pending)', () => {
    const storage = memoryStorage();
    const tour = new OnboardingStore(storage, manualTimers());
    tour.show(() => false);
    expect(tour.open).toBe(false);
    tour.show();
    tour.skip();
    expect(storage.getItem(ONBOARDING_COMPLETED_KEY)).toBe('true');
  });
});

describe('AiBuildStore', () => {
  async function setup(prompt = 'A recipe writer from ingredients') {
    const t = await testBuilder();
    t.storage.setItem(PENDING_PROMPT_KEY, prompt);
    t.storage.setItem(CAME_FROM_BUTTON_KEY, 'true');
    const timers = manualTimers();
    const onboarding = new OnboardingStore(t.storage, timers);
    const build = new AiBuildStore(
      t.api,
      t.storage,
      t.session,
      t.builder,
      onboarding,
      t.toasts,
      t.analytics,
      timers,
    );
    const steps: number[] = [];
    const original = build.step.bind(build);
    build.step = (progress: number) => {
      steps.push(progress);
      original(progress);
    };
    return { ...t, timers, onboarding, build, steps };
  }

  it('builds the pending prompt with progress 10-30-70-90-100 then 50-80-100, then the tour', async () => {
    const { build, steps, storage, builder, timers, onboarding, toasts } = await setup();
    expect(build.pending).toBe(true);
    await build.startPending();
    expect(steps).toEqual([10, 30, 70, 90, 100, 50, 80, 100]);
    expect(storage.getItem(PENDING_PROMPT_KEY)).toBeNull();
    expect(storage.getItem(CAME_FROM_BUTTON_KEY)).toBeNull();
    expect(builder.document.config.plugins).toHaveLength(2);
    expect(toasts.toasts[0]?.title).toBe('App built!');
    expect(build.phase).toBe('loading');
    timers.advance(CLOSE_DELAY_MS);
    expect(build.phase).toBe('done');
    expect(onboarding.open).toBe(false);
    timers.advance(ONBOARDING_DELAY_MS);
    expect(onboarding.open).toBe(true);
  });

  it('can be cancelled: the answer is ignored', async () => {
    const { build, builder, toasts } = await setup();
    const running = build.startPending();
    build.cancel();
    await running;
    expect(toasts.toasts.at(-1)?.title).toBe('App Building Cancelled');
    expect(builder.document.config.plugins).toHaveLength(0);
    expect(build.active).toBe(false);
  });

  it('reports a failed generation with the server error', async () => {
    const { build, api, toasts } = await setup();
    api.failNext.generateApp = new Error('The AI service is busy.');
    await build.startPending();
    expect(toasts.toasts[0]).toMatchObject({
      title: 'App Generation Failed',
      message: 'The AI service is busy.',
    });
  });

  it('does nothing without a stored prompt', async () => {
    const { build, api, storage } = await setup();
    storage.removeItem(PENDING_PROMPT_KEY);
    await build.startPending();
    expect(api.calls).not.toContain('generateApp');
  });
});
