import { CATEGORIES, type App } from '@blocksmith/schema';
import type { AppQuality } from '../api/app-tests';
import { runInAction } from 'mobx';
import { BOB_ID, publicTestSetup, storeApp } from '../testing/public-setup';
import { CATEGORY_FILTERS, StoreGalleryStore, UPVOTE_ANIMATION_MS } from './store-gallery-store';
import { ADA, memoryStorage } from '../testing/fake-api';
import { hasReviewFeedback, matchesSearch, verificationStatus } from './app-card-rules';

const POEMS = storeApp({
  id: 's1',
  name: 'Poem Writer',
  description: 'Writes short poems',
  category: 'Content',
  upvotes: 3,
});
const TRIAGE = storeApp({
  id: 's2',
  name: 'Ticket Triage',
  description: 'Sorts support tickets by urgency',
  category: 'Automation',
  upvotes: 9,
});
const LOGO = storeApp({ id: 's3', name: 'Logo Ideas', description: '', category: 'Design', upvotes: 5 });
const MINE_DRAFT = storeApp({
  id: 'm1',
  name: 'My Draft',
  owner_id: ADA.id,
  isPublished: false,
  upvotes: 0,
  verificationStatus: undefined,
});
const MINE_REJECTED = storeApp({
  id: 'm2',
  name: 'My Rejected',
  owner_id: ADA.id,
  upvotes: 1,
  verificationStatus: 'rejected',
  reviewNotes: 'The description does not say what the app does.',
});

async function gallery(options: { signedIn?: boolean; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const setup = await publicTestSetup(options);
  setup.api.storeList = [POEMS, TRIAGE, LOGO];
  for (const app of [MINE_DRAFT, MINE_REJECTED]) setup.api.apps.set(app.id!, { ...app });
  const store = new StoreGalleryStore(setup.api, setup.session, setup.storage, setup.toasts, setup.timers);
  await store.load();
  return { ...setup, store };
}

const names = (store: StoreGalleryStore) => store.visibleApps.map((app) => app.name);

describe('app card rules', () => {
  it('a missing verification status is pending', () => {
    expect(verificationStatus({ verificationStatus: undefined })).toBe('pending');
    expect(verificationStatus({ verificationStatus: 'rejected' })).toBe('rejected');
  });

  it('search matches every word in the name or description, ignoring case', () => {
    expect(matchesSearch(TRIAGE, 'SUPPORT ticket')).toBe(true);
    expect(matchesSearch(TRIAGE, 'triage poems')).toBe(false);
    expect(matchesSearch(TRIAGE, '   ')).toBe(true);
  });

  it('review feedback needs a rejected app with notes', () => {
    expect(hasReviewFeedback(MINE_REJECTED)).toBe(true);
    expect(hasReviewFeedback({ verificationStatus: 'rejected', reviewNotes: '  ' })).toBe(false);
    expect(hasReviewFeedback({ verificationStatus: 'approved', reviewNotes: 'fine' })).toBe(false);
  });
});

describe('StoreGalleryStore', () => {
  it('sorts the cards by upvotes, most first', async () => {
    const { store } = await gallery();
    expect(names(store)).toEqual(['Ticket Triage', 'Logo Ideas', 'Poem Writer']);
  });

  it('searches name and description', async () => {
    const { store } = await gallery();
    store.setSearch('poems');
    expect(names(store)).toEqual(['Poem Writer']);
    store.setSearch('logo');
    expect(names(store)).toEqual(['Logo Ideas']);
    store.setSearch('nothing like this');
    expect(names(store)).toEqual([]);
    expect(store.filtering).toBe(true);
  });

  it('offers All plus the 12 categories and filters by one', async () => {
    const { store } = await gallery();
    expect(CATEGORY_FILTERS).toEqual(['All', ...CATEGORIES]);
    expect(CATEGORY_FILTERS).toHaveLength(13);
    store.setCategory('Design');
    expect(names(store)).toEqual(['Logo Ideas']);
    store.setCategory('All');
    expect(names(store)).toHaveLength(3);
  });

  it('sorts by best tested and filters to tested apps; public runs alone are not tested', async () => {
    const { api, store } = await gallery({ signedIn: false });
    // The store's answer carries each app's quality beside the app's own fields.
    const tested = (app: App, passRate: number | null, cases: number): App => ({
      ...app,
      ...{ quality: quality(passRate, cases) },
    });
    const quality = (passRate: number | null, cases: number): AppQuality => ({
      passRate,
      cases,
      p95Ms: passRate === null ? null : 40,
      creditsPerRun: passRate === null ? null : 1,
      versionNumber: 1,
      testedAt: passRate === null ? null : new Date(0).toISOString(),
      publicRuns: { runs: 4, p95Ms: 50, creditsPerRun: 1 },
    });
    api.storeList = [tested(POEMS, 100, 3), tested(TRIAGE, null, 0), tested(LOGO, 50, 10)];
    await store.load();
    expect(store.sort).toBe('upvotes');
    expect(names(store)).toEqual(['Ticket Triage', 'Logo Ideas', 'Poem Writer']);

    store.setSort('quality');
    expect(names(store)).toEqual(['Poem Writer', 'Logo Ideas', 'Ticket Triage']);
    store.setTestedOnly(true);
    expect(store.filtering).toBe(true);
    expect(names(store)).toEqual(['Poem Writer', 'Logo Ideas']);
    store.setSearch('logo');
    expect(names(store)).toEqual(['Logo Ideas']);

    store.clearFilters();
    expect(store.testedOnly).toBe(false);
    expect(store.filtering).toBe(false);
    // Clearing the filters keeps the chosen order.
    expect(names(store)).toEqual(['Poem Writer', 'Logo Ideas', 'Ticket Triage']);
    store.setSort('upvotes');
    expect(names(store)).toEqual(['Ticket Triage', 'Logo Ideas', 'Poem Writer']);
  });

  it('My Apps lists the own apps, without category chips or category filter', async () => {
    const { store } = await gallery();
    store.setCategory('Design');
    store.setShowMyApps(true);
    expect(store.showCategories).toBe(false);
    expect(names(store)).toEqual(['My Rejected', 'My Draft']);
    store.setSearch('draft');
    expect(names(store)).toEqual(['My Draft']);
  });

  it('remembers the toggle under gallery-show-my-apps', async () => {
    const storage = memoryStorage();
    const { store } = await gallery({ storage });
    store.setShowMyApps(true);
    expect(storage.getItem('gallery-show-my-apps')).toBe('true');
    const again = await gallery({ storage });
    expect(again.store.showingMyApps).toBe(true);
    again.store.setShowMyApps(false);
    expect(storage.getItem('gallery-show-my-apps')).toBe('false');
  });

  it('a visitor with My Apps remembered sees All Apps', async () => {
    const storage = memoryStorage({ 'gallery-show-my-apps': 'true' });
    const { store, api } = await gallery({ storage, signedIn: false });
    expect(store.showingMyApps).toBe(false);
    expect(names(store)).toHaveLength(3);
    expect(api.calls).not.toContain('upvotedApps');
  });

  it('names the publishers, "Publisher" when unknown', async () => {
    const { store } = await gallery();
    expect(store.publisherName(MINE_DRAFT)).toBe('Ada Lovelace');
    expect(store.publisherName(TRIAGE)).toBe('Publisher');
    expect(BOB_ID).toBe(TRIAGE.owner_id);
  });

  it('upvote: signed in only, once; the count rises at once and animates 300 ms', async () => {
    const { store, api, timers } = await gallery();
    const poems = store.visibleApps.find((app) => app.id === 's1')!;
    expect(store.canUpvote(poems)).toBe(true);
    await store.upvote(poems);
    expect(api.calls.filter((call) => call === 'upvoteApp')).toHaveLength(1);
    expect(store.visibleApps.find((app) => app.id === 's1')!.upvotes).toBe(4);
    expect(store.canUpvote(poems)).toBe(false);
    expect(store.animating).toBe('s1');
    timers.advance(UPVOTE_ANIMATION_MS);
    expect(store.animating).toBeNull();
    await store.upvote(poems);
    expect(api.calls.filter((call) => call === 'upvoteApp')).toHaveLength(1);
  });

  it('knows what was upvoted before, and a visitor cannot upvote', async () => {
    const setup = await publicTestSetup();
    setup.api.storeList = [TRIAGE];
    await setup.api.upvoteApp('s2');
    const store = new StoreGalleryStore(setup.api, setup.session, setup.storage, setup.toasts, setup.timers);
    await store.load();
    expect(store.canUpvote(TRIAGE)).toBe(false);
    const visitor = await gallery({ signedIn: false });
    expect(visitor.store.canUpvote(TRIAGE)).toBe(false);
  });

  it('shows the cards only once publisher names and upvotes are known (no flash of wrong state)', async () => {
    const setup = await publicTestSetup();
    setup.api.storeList = [TRIAGE, storeApp({ id: 's4', name: 'Ada Tool', owner_id: ADA.id })];
    await setup.api.upvoteApp('s2');
    let answerStatus: () => void = () => undefined;
    const statusAsked = new Promise<void>((asked) => {
      const upvotedApps = setup.api.upvotedApps.bind(setup.api);
      jest.spyOn(setup.api, 'upvotedApps').mockImplementation(
        (ids) =>
          new Promise((resolve) => {
            asked();
            const previous = answerStatus;
            answerStatus = () => {
              previous();
              void upvotedApps(ids).then(resolve);
            };
          }),
      );
    });
    const store = new StoreGalleryStore(setup.api, setup.session, setup.storage, setup.toasts, setup.timers);
    const loading = store.load();
    await statusAsked;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The list has arrived and the names are read, but an upvote status is still on its way.
    expect(setup.api.calls).toContain('publisherName');
    expect(store.loaded).toBe(false);
    expect(store.visibleApps).toEqual([]);
    answerStatus();
    await loading;
    expect(store.loaded).toBe(true);
    const [triage, tool] = store.visibleApps;
    expect(triage!.id).toBe('s2');
    expect(store.canUpvote(triage!)).toBe(false);
    expect(store.canUpvote(tool!)).toBe(true);
    expect(store.publisherName(tool!)).toBe('Ada Lovelace');
  });

  it("a new sign-in forgets the previous person's upvotes", async () => {
    const { store, api, session } = await gallery();
    await store.upvote(TRIAGE);
    expect(store.canUpvote(TRIAGE)).toBe(false);
    api.upvoted.clear();
    runInAction(() => {
      session.user = { ...session.user!, id: 'user-carol' };
    });
    await store.load();
    expect(store.canUpvote(TRIAGE)).toBe(true);
  });

  it('a failed upvote is only logged, and the count is put back', async () => {
    const { store, api, toasts } = await gallery();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failNext.upvoteApp = new Error('offline');
    await store.upvote(TRIAGE);
    expect(store.visibleApps[0]!.upvotes).toBe(9);
    expect(store.canUpvote(TRIAGE)).toBe(true);
    expect(toasts.toasts).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('delete and privacy controls are for the owner only', async () => {
    const { store } = await gallery();
    expect(store.isOwner(MINE_DRAFT)).toBe(true);
    expect(store.isOwner(TRIAGE)).toBe(false);
    store.askDelete(TRIAGE);
    expect(store.deleteTarget).toBeNull();
  });

  it('Delete App: Keep App closes, Delete Permanently deletes and refreshes both lists', async () => {
    const { store, api, toasts } = await gallery();
    store.setShowMyApps(true);
    store.askDelete(MINE_DRAFT);
    store.cancelDelete();
    expect(store.deleteTarget).toBeNull();
    store.askDelete(MINE_DRAFT);
    api.calls = [];
    await store.confirmDelete();
    expect(api.calls).toEqual(['deleteApp', 'storeApps']);
    expect(names(store)).toEqual(['My Rejected']);
    expect(store.deleteTarget).toBeNull();
    expect(toasts.toasts[0]).toMatchObject({ intent: 'success', message: 'App deleted' });
  });

  it('a failed delete says so and keeps the dialog', async () => {
    const { store, api, toasts } = await gallery();
    store.askDelete(MINE_DRAFT);
    api.failNext.deleteApp = new Error('App not found.');
    await store.confirmDelete();
    expect(store.deleteTarget?.id).toBe('m1');
    expect(toasts.toasts[0]).toMatchObject({ intent: 'danger', message: 'App not found.' });
  });

  it('Make Private / Make Public flips the flag and refreshes both lists', async () => {
    const { store, api } = await gallery();
    store.setShowMyApps(true);
    api.calls = [];
    await store.togglePrivate(store.myApps.find((app) => app.id === 'm1')!);
    expect(api.calls).toEqual(['setAppPrivate', 'storeApps']);
    expect(store.myApps.find((app) => app.id === 'm1')!.isPrivate).toBe(true);
    await store.togglePrivate(store.myApps.find((app) => app.id === 'm1')!);
    expect(store.myApps.find((app) => app.id === 'm1')!.isPrivate).toBe(false);
  });

  it('a failed privacy change is only logged', async () => {
    const { store, api, toasts } = await gallery();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failNext.setAppPrivate = new Error('nope');
    await store.togglePrivate(MINE_DRAFT);
    expect(toasts.toasts).toEqual([]);
    expect(store.togglingPrivacy.size).toBe(0);
    warn.mockRestore();
  });

  it('Review Feedback, then Edit App stores editExistingApp and opens /app', async () => {
    const { store, storage } = await gallery();
    store.openFeedback(MINE_REJECTED);
    expect(store.feedbackTarget?.id).toBe('m2');
    expect(store.editApp(MINE_REJECTED)).toBe('/app');
    expect(JSON.parse(storage.getItem('editExistingApp')!)).toEqual({ id: 'm2', owner_id: ADA.id });
    expect(store.feedbackTarget).toBeNull();
    expect(store.createNewApp()).toBe('/app');
    expect(storage.getItem('editExistingApp')).toBeNull();
  });

  it('a failed load keeps the message for the page', async () => {
    const setup = await publicTestSetup();
    setup.api.failNext.storeApps = new Error('Network down');
    const store = new StoreGalleryStore(setup.api, setup.session, setup.storage, setup.toasts, setup.timers);
    await store.load();
    expect(store.error).toBe('Network down');
    expect(store.loading).toBe(false);
  });
});
