import { embedUrl, iframeSnippet, scriptSnippet } from './embed-snippets';

describe('embed snippets', () => {
  it('points at /embed/{slug} on the product', () => {
    expect(embedUrl('https://blocksmith.example/', 'post-writer-1')).toBe(
      'https://blocksmith.example/embed/post-writer-1',
    );
  });

  it('writes the script tag that embed.js finds by its data attribute', () => {
    expect(scriptSnippet('https://blocksmith.example', 'post-writer-1')).toBe(
      '<script src="https://blocksmith.example/embed.js" data-blocksmith-app="post-writer-1" async></script>',
    );
  });

  it('writes an iframe with the app name as its title, escaped', () => {
    const html = iframeSnippet('https://blocksmith.example', 'q-a', 'Q&A "bot" <beta>');
    expect(html).toContain('src="https://blocksmith.example/embed/q-a"');
    expect(html).toContain('title="Q&amp;A &quot;bot&quot; &lt;beta&gt;"');
    expect(html).toMatch(/^<iframe .*><\/iframe>$/);
  });
});
