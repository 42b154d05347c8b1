import { PublisherStore } from './publisher-store';
import { publicTestSetup, storeApp } from '../testing/public-setup';
import { ADA } from '../testing/fake-api';

describe('PublisherStore', () => {
  it("heads the page 'More by {name}' and lists only published public apps, most upvoted first", async () => {
    const { api } = await publicTestSetup({ signedIn: false });
    api.storeList = [
      storeApp({ id: 'a', name: 'A', owner_id: ADA.id, upvotes: 1 }),
      storeApp({ id: 'b', name: 'B', owner_id: ADA.id, upvotes: 7 }),
      storeApp({ id: 'c', name: 'C', owner_id: ADA.id, isPrivate: true }),
      storeApp({ id: 'd', name: 'D', owner_id: ADA.id, isPublished: false }),
      storeApp({ id: 'e', name: 'E' }),
    ];
    const store = new PublisherStore(api);
    await store.load(ADA.id);
    expect(store.heading).toBe('More by Ada Lovelace');
    expect(store.apps.map((app) => app.name)).toEqual(['B', 'A']);
    expect(store.failed).toBe(false);
  });

  it("says 'More by Publisher' when the name is unknown", async () => {
    const { api } = await publicTestSetup({ signedIn: false });
    const store = new PublisherStore(api);
    await store.load('someone-else');
    expect(store.heading).toBe('More by Publisher');
    expect(store.apps).toEqual([]);
    expect(store.failed).toBe(false);
  });

  it('fails when the apps cannot be loaded', async () => {
    const { api } = await publicTestSetup({ signedIn: false });
    api.failNext.appsByUser = new Error('Network down');
    const store = new PublisherStore(api);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.load(ADA.id);
    warn.mockRestore();
    expect(store.failed).toBe(true);
    expect(store.loading).toBe(false);
  });
});
