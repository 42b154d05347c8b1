import { usePageTitle } from './use-page-title';

// The hook runs in Node here: React's useEffect runs its effect at once and records its
// dependencies, and the document is a stand-in with a title.
const mockDependencies: unknown[][] = [];
jest.mock('react', () => ({
  useEffect: (effect: () => void, dependencies: unknown[]) => {
    mockDependencies.push(dependencies);
    effect();
  },
}));

describe('usePageTitle', () => {
  const page = { title: 'Blocksmith' };

  beforeAll(() => {
    Object.assign(globalThis, { document: page });
  });

  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('shows the title in the browser tab and sets it again only when it changes', () => {
    usePageTitle('Store · Blocksmith');
    expect(page.title).toBe('Store · Blocksmith');
    expect(mockDependencies.at(-1)).toEqual(['Store · Blocksmith']);
  });
});
