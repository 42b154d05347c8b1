import { FileLinks } from './file-links';
import { openTestDatabase } from '../../testing/database';

const ID = '0b0e4a4c-2f7e-4a43-9f55-6a8f5d6c1a10';

describe('FileLinks', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(undefined);
  });
  afterAll(() => db.close());

  it('signs every kept-file link in a value and leaves everything else alone', async () => {
    const links = new FileLinks(db.dataSource, () => 1_000_000);
    const signed = await links.sign({
      generated_image_url: `/files/${ID}`,
      artifacts: [{ kind: 'file', url: `/files/${ID}`, name: 'a.txt' }],
      text: `see /files/${ID}`,
      web: 'https://example.com/files/x',
      when: 3,
    });
    expect(signed.generated_image_url).toMatch(new RegExp(`^/files/${ID}\\?expires=\\d+&signature=[\\w-]+$`));
    expect(signed.artifacts[0]!.url).toBe(signed.generated_image_url);
    expect(signed.text).toBe(`see /files/${ID}`);
    expect(signed.web).toBe('https://example.com/files/x');
    expect(signed.when).toBe(3);
  });

  it('opens a file only with its own unexpired signature', async () => {
    let now = 1_000_000;
    const links = new FileLinks(db.dataSource, () => now, 60_000);
    const url = new URL(await links.sign(`/files/${ID}`), 'http://x');
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    expect(await links.verify(ID, expires, signature)).toBe(true);
    expect(await links.verify('1b0e4a4c-2f7e-4a43-9f55-6a8f5d6c1a10', expires, signature)).toBe(false);
    expect(await links.verify(ID, String(Number(expires) + 1), signature)).toBe(false);
    expect(await links.verify(ID, expires, `${signature}x`)).toBe(false);
    expect(await links.verify(ID, undefined, signature)).toBe(false);
    now += 61_000;
    expect(await links.verify(ID, expires, signature)).toBe(false);
  });
});
