import { Classes, Popover } from '@blueprintjs/core';
import { citedPieces, type CitedSource, type ResultPart } from '@blocksmith/schema';
import { createContext, useContext } from 'react';
import { CITATIONS } from '../../texts/citation-texts';
import { sourceAnchor } from './cited-sources';

/**
 * Answers with numbered citations: a run's results that show citable (a result view `cited`,
 * e.g. passages found in a knowledge base) make the [1], [2] of its texts links that open the
 * passage and its document.
 */
export const CitationSources = createContext<ReadonlyMap<number, CitedSource>>(new Map());

/**
 * What a citation opens: the source's number and title, its document and passage, and a link to its
 * place in the list of sources (following it closes the popover, which would cover that place).
 */
export function CitationCard({ source }: { source: CitedSource }) {
  return (
    <div className="citation-popover" data-testid={`citation-${source.number}`}>
      <div className="citation-title">
        [{source.number}] {source.title}
      </div>
      {source.document && (
        <div className="citation-document">
          {CITATIONS.document}: {source.document}
        </div>
      )}
      <blockquote className="citation-passage">{source.text}</blockquote>
      <a
        className={Classes.POPOVER_DISMISS}
        href={`#${sourceAnchor(source.number)}`}
        onClick={(event) => {
          const target = document.getElementById(sourceAnchor(source.number));
          if (target) {
            event.preventDefault();
            target.scrollIntoView({ behavior: 'smooth', block: 'center' });
          }
        }}
      >
        {CITATIONS.showInSources}
      </a>
    </div>
  );
}

/** Keeps a citation's popover this far inside the screen's edges (px). */
const SCREEN_MARGIN = 8;

/** `[n]` as a link opening source n: its document and passage, and a way to its place in the list. */
export function CitationLink({ source }: { source: CitedSource }) {
  return (
    <Popover
      placement="bottom"
      modifiers={{ preventOverflow: { options: { padding: SCREEN_MARGIN } } }}
      content={<CitationCard source={source} />}
    >
      <button
        type="button"
        className="citation-link"
        aria-label={CITATIONS.label(source.number, source.title)}
      >
        [{source.number}]
      </button>
    </Popover>
  );
}

/** Plain text with its citations as links. */
export function CitedText({ text }: { text: string }) {
  const citable = useContext(CitationSources);
  if (citable.size === 0) return <div className="result-plain">{text}</div>;
  return (
    <div className="result-plain">
      {citedPieces(text, new Set(citable.keys())).map((piece, i) =>
        'cite' in piece ? (
          <CitationLink key={i} source={citable.get(piece.cite)!} />
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </div>
  );
}

/** The citable a result shows: each under its number and title, with its passage. */
export function SourcesView({ part }: { part: Extract<ResultPart, { view: 'cited' }> }) {
  return (
    <ol className="result-citable">
      {part.cited.map((source) => (
        <li key={source.number} id={sourceAnchor(source.number)} className="result-source-item">
          <div className="citation-title">
            [{source.number}] {source.title}
          </div>
          <blockquote className="citation-passage">{source.text}</blockquote>
        </li>
      ))}
    </ol>
  );
}
