import { imageUrlOf } from './image-url-of';

describe('imageUrlOf', () => {
  it('takes a link given as text', () => {
    expect(imageUrlOf(' https://cdn.example.com/cat.png ')).toBe('https://cdn.example.com/cat.png');
    expect(imageUrlOf('/files/abc')).toBe('/files/abc');
    expect(imageUrlOf('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('takes the url or generated_image_url field of an object', () => {
    expect(imageUrlOf({ url: 'https://a.example/x.jpg', name: 'x' })).toBe('https://a.example/x.jpg');
    expect(imageUrlOf({ generated_image_url: '/files/img' })).toBe('/files/img');
  });

  it('finds nothing in prose, unsafe links, lists or empty values', () => {
    for (const value of [
      'A cat on a mat',
      'javascript:alert(1)',
      '//evil.example/x.png',
      ['/files/a'],
      null,
      42,
      {},
    ]) {
      expect(imageUrlOf(value)).toBeNull();
    }
  });
});
