import ReactMarkdown from 'react-markdown';

/** Generated text rendered as markdown; raw HTML in it is shown as text, never run. */
export default function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown skipHtml>{text}</ReactMarkdown>
    </div>
  );
}
