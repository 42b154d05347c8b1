import { Classes } from '@blueprintjs/core';
import type { CitedSource } from '@blocksmith/schema';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CitationCard, CitationSources, CitedText, SourcesView } from './Citations';
import { ArtifactView } from './ResultView';

// ResultView imports style sheets, which only the bundler reads.
jest.mock('./results.css', () => ({}));
jest.mock('./run-notices.css', () => ({}));

const returns: CitedSource = {
  number: 1,
  title: 'returns.md, passage 2',
  document: 'returns.md',
  text: 'Within 30 days.',
};
const citable = new Map([[1, returns]]);
const withSources = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(CitationSources.Provider, { value: citable }, element));
const styleSheet = readFileSync(path.join(__dirname, 'results.css'), 'utf8');

describe('citations', () => {
  it('links the citations of plain text to their sources', () => {
    const html = withSources(createElement(CitedText, { text: 'Thirty days [1], free shipping [7].' }));
    expect(html).toMatch(
      /<button type="button" class="citation-link" aria-label="Source 1: returns.md, passage 2"[^>]*>\[1\]<\/button>/,
    );
    expect(html).toContain('free shipping [7].');
  });

  it('links the citations of a text shown as a card or as plain text, not only as formatted text', () => {
    for (const format of ['card', 'plain'] as const) {
      const html = withSources(
        createElement(ArtifactView, {
          artifact: { kind: 'text', format, text: 'Thirty days [1].', copyable: false },
        }),
      );
      expect(html).toContain('class="citation-link"');
    }
    const alone = renderToStaticMarkup(
      createElement(ArtifactView, {
        artifact: { kind: 'text', format: 'card', text: 'Thirty days [1].', copyable: false },
      }),
    );
    expect(alone).not.toContain('citation-link');
    expect(alone).toContain('Thirty days [1].');
  });

  it('closes the popover when its link to the list of sources is followed', () => {
    const html = renderToStaticMarkup(createElement(CitationCard, { source: returns }));
    expect(html).toContain(`<a class="${Classes.POPOVER_DISMISS}" href="#source-1">Show in the sources</a>`);
    expect(html).toContain('Document: returns.md');
  });

  it('styles the classes it draws: the links in a colour of their own, the list of sources unnumbered', () => {
    const html = renderToStaticMarkup(
      createElement(SourcesView, {
        part: { view: 'cited', cited: [returns] } as Parameters<typeof SourcesView>[0]['part'],
      }),
    );
    const listClass = /<ol class="([^"]+)"/.exec(html)![1]!;
    expect(styleSheet).toMatch(new RegExp(`\\.${listClass} \\{[^}]*list-style: none`));
    const link = /\.citation-link \{([^}]*)\}/.exec(styleSheet)![1]!;
    expect(link).toContain('color: var(--primary)');
    expect(link).not.toContain('bp-intent-primary-foreground');
  });
});
