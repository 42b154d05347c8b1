import type { CitedSource } from '@blocksmith/schema';
import ReactMarkdown from 'react-markdown';
import { CitationLink } from './Citations';
import { markdownWithCitations, sourceAnchor } from './cited-sources';

/**
 * Generated text rendered as markdown; raw HTML in it is shown as text, never run. With its sources,
 * its citations ([1], [2]) are links opening the passage they cite.
 */
export default function Markdown({
  text,
  citable,
}: {
  text: string;
  citable?: ReadonlyMap<number, CitedSource> | undefined;
}) {
  if (!citable || citable.size === 0) {
    return (
      <div className="markdown">
        <ReactMarkdown skipHtml>{text}</ReactMarkdown>
      </div>
    );
  }
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        components={{
          a: ({ href, children }) => {
            const cited = [...citable.values()].find((s) => href === `#${sourceAnchor(s.number)}`);
            return cited ? <CitationLink source={cited} /> : <a href={href}>{children}</a>;
          },
        }}
      >
        {markdownWithCitations(text, new Set(citable.keys()))}
      </ReactMarkdown>
    </div>
  );
}
