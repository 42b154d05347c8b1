import { AnchorButton, Button, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { ClipboardIcon, DownloadIcon, TickIcon } from '@blueprintjs/icons';
import { COPY_TICK_MS, type Artifact } from '@blocksmith/schema';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../stores-context';
import { TOASTS } from '../../texts/builder-texts';

const Markdown = lazy(() => import('./Markdown'));

function CopyButton({ text }: { text: string }) {
  const { toasts } = useStores();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_TICK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      variant="minimal"
      icon={copied ? <TickIcon /> : <ClipboardIcon />}
      aria-label="Copy"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            toasts.success(TOASTS.copied);
          },
          () => toasts.error('The text could not be copied'),
        );
      }}
    />
  );
}

/** One thing an output block presents: text, image, file or table. */
export function ArtifactView({ artifact }: { artifact: Artifact }) {
  switch (artifact.kind) {
    case 'text':
      return (
        <Card className={`result result-text result-${artifact.format}`} data-testid="result-text">
          {artifact.copyable && (
            <div className="result-actions">
              <CopyButton text={artifact.text} />
            </div>
          )}
          {artifact.format === 'markdown' ? (
            <Suspense fallback={<Spinner size={16} />}>
              <Markdown text={artifact.text} />
            </Suspense>
          ) : (
            <div className="result-plain">{artifact.text}</div>
          )}
        </Card>
      );
    case 'image':
      return (
        <Card className="result result-image">
          <img src={artifact.url} alt="Generated" style={{ maxWidth: artifact.maxWidth }} />
          {artifact.downloadable && (
            <AnchorButton href={artifact.url} download icon={<DownloadIcon />} text="Download" size="small" />
          )}
        </Card>
      );
    case 'file':
      return (
        <Card className="result result-file">
          <span>{artifact.file.name}</span>
          <AnchorButton
            href={artifact.file.url}
            download={artifact.file.name}
            icon={<DownloadIcon />}
            text="Download"
          />
        </Card>
      );
    case 'table':
      return (
        <Card className="result result-table">
          <div className="table-scroll">
            <HTMLTable compact striped>
              <thead>
                <tr>
                  {artifact.columns.map((column) => (
                    <th key={column}>{column}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {artifact.rows.map((row, index) => (
                  <tr key={index}>
                    {artifact.columns.map((column) => (
                      <td key={column}>
                        {row[column] === null || row[column] === undefined ? '' : String(row[column])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {artifact.download && (
            <AnchorButton
              href={artifact.download.url}
              download
              icon={<DownloadIcon />}
              text="Download"
              size="small"
            />
          )}
        </Card>
      );
  }
}
