import { imageExtension, imageFileName } from './image-file-name';

describe('imageFileName', () => {
  it('keeps whole words up to 40 characters', () => {
    const name = imageFileName(
      'A very long description of a mountain village at sunset in winter',
      'image/webp',
    );
    expect(name).toBe('a-very-long-description-of-a-mountain.webp');
  });

  it('falls back to "image" when the prompt has no letters or digits', () => {
    expect(imageFileName('日本の山', 'image/png')).toBe('image.png');
  });

  it('cuts a single overlong word rather than leaving the name empty', () => {
    expect(imageFileName('x'.repeat(60), 'image/png')).toBe(`${'x'.repeat(40)}.png`);
  });
});

describe('imageExtension', () => {
  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpg'],
    ['IMAGE/JPEG; charset=binary', 'jpg'],
    ['image/svg+xml', 'svg'],
    ['image/heic', 'heic'],
    ['image/x-icon', 'ico'],
    ['image/x-portable-pixmap', 'xportablepixmap'],
  ])('%s -> %s', (mime, extension) => {
    expect(imageExtension(mime)).toBe(extension);
  });
});
