/* Fixtures shared by the tests of the API and embed stores (not used by the app). */
import type { App } from '@blocksmith/schema';
import { CatalogueStore } from '../stores/catalogue-store';
import { CreditsStore } from '../stores/credits-store';
import { RunnerStore } from '../stores/runner-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from './fake-api';
import { ToastStore } from '../stores/toast-store';

/** A published app with a text input, a dropdown and a text AI. */
export const PUBLISHED_APP: App = {
  id: 'app-9',
  name: 'Post writer',
  description: 'Writes posts',
  slug: 'post-writer-1',
  category: 'Marketing',
  isPrivate: false,
  isPublished: true,
  owner_id: ADA.id,
  upvotes: 0,
  views: 0,
  uses: 0,
  config: {
    plugins: [
      { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Topic' } },
      {
        id: 'tone',
        type: 'dropdown',
        position: { x: 100, y: 300 },
        settings: { label: 'Tone', options: 'Warm, Dry' },
      },
      { id: 'ai', type: 'textGeneration', position: { x: 400, y: 100 }, settings: { prompt_template: 'x' } },
    ],
    connections: [
      { id: 'c1', from: 'in', to: 'ai', fromPort: 'output', toPort: 'input' },
      { id: 'c2', from: 'tone', to: 'ai', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  },
};

/** The app page over the fake API with PUBLISHED_APP open, signed in as Ada unless told otherwise. */
export async function openRunner(
  options: { signedIn?: boolean; owner?: string; plan?: 'free' | 'starter' } = {},
) {
  const api = new FakeApi();
  api.plan = options.plan ?? 'free';
  const app: App = { ...JSON.parse(JSON.stringify(PUBLISHED_APP)), owner_id: options.owner ?? ADA.id };
  api.apps.set(app.id!, app);
  const session = await restoredSession(api, memoryStorage(), options.signedIn ?? true);
  const credits = new CreditsStore(api);
  const toasts = new ToastStore(manualTimers());
  const catalogue = new CatalogueStore(api);
  const runner = new RunnerStore(api, catalogue, session, credits, toasts, manualTimers());
  await runner.open(app.slug, 'visit-1');
  if (session.signedIn) await credits.refresh();
  return { api, session, credits, toasts, catalogue, runner };
}
