import { sniffImageMime } from './read-upstream-image';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageMime', () => {
  it('recognises the four image types by their first bytes', () => {
    expect(sniffImageMime(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageMime(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageMime(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffImageMime(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageMime(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('recognises nothing else', () => {
    expect(sniffImageMime(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeUndefined();
    expect(sniffImageMime(bytes('%PDF-1.7'))).toBeUndefined();
    expect(sniffImageMime(new Uint8Array())).toBeUndefined();
  });
});
