import { CopyButton } from '../pages/builder/ResultView';
import './developer.css';

/** Code to read and copy: scrolls sideways rather than wrapping, with a copy button. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <div className="code-block" data-testid={testId}>
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <span className="code-copy">
        <CopyButton text={code} label={label} />
      </span>
    </div>
  );
}
