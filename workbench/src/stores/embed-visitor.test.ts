import { EMBED_VISITOR_KEY, embedVisitorToken, type TokenStorage } from './embed-visitor';

function mapStorage(initial: Record<string, string> = {}): TokenStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('embedVisitorToken', () => {
  it('makes a token once and keeps it, so the visitor finds their conversations again', () => {
    const storage = mapStorage();
    const first = embedVisitorToken(storage, () => '11111111-2222-4333-8444-555555555555');
    expect(first).toBe('11111111-2222-4333-8444-555555555555');
    expect(storage.items.get(EMBED_VISITOR_KEY)).toBe(first);
    expect(embedVisitorToken(storage, () => 'another-token-aaaaaaaaaaaaaaa')).toBe(first);
  });

  it('replaces a kept value the server would refuse', () => {
    const storage = mapStorage({ [EMBED_VISITOR_KEY]: 'short' });
    expect(embedVisitorToken(storage, () => 'a-fresh-token-0123456789')).toBe('a-fresh-token-0123456789');
  });

  it('still gives a token when the browser refuses storage to the frame', () => {
    const refusing: TokenStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(embedVisitorToken(refusing, () => 'page-only-token-0123456789')).toBe(
      'page-only-token-0123456789',
    );
    expect(embedVisitorToken(null, () => 'page-only-token-0123456789')).toBe('page-only-token-0123456789');
  });
});
