import { CopyButton } from './CopyButton';
import './developer.css';

/**
 * Code to read and copy: a bar with its name (`title`, when given) and a copy button, above the
 * code, which scrolls sideways rather than wrapping unless told to wrap.
 */
export function CodeBlock({
  code,
  label,
  title,
  wrap = false,
  testId,
}: {
  code: string;
  /** What the copy button says, e.g. 'Copy curl'. */
  label: string;
  title?: string;
  /** Wraps long lines (one-line snippets such as HTML tags) instead of scrolling sideways. */
  wrap?: boolean;
  testId?: string;
}) {
  return (
    <div className={`code-block${wrap ? ' is-wrapped' : ''}`} data-testid={testId}>
      <div className="code-bar">
        <span className="code-title">{title}</span>
        <CopyButton text={code} label={label} />
      </div>
      <pre tabIndex={0} role="group" aria-label={title ?? label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
