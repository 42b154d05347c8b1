import { AnchorButton, Button, Card, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { ClipboardIcon, DownloadIcon, TickIcon } from '@blueprintjs/icons';
import { COPY_TICK_MS, type Artifact } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../stores-context';
import type { LiveResult, RunStore } from '../../stores/run-store';
import {
  PREVIEW_COUNT,
  RESULT_TITLES,
  confidencePercent,
  dataView,
  resultDownload,
  scoreIntent,
  type ResultItem,
} from '../../stores/result-fields';
import { TOASTS } from '../../texts/builder-texts';
import { RESULTS } from '../../texts/runner-texts';
import { downloadText } from './download';
import './results.css';

const Markdown = lazy(() => import('./Markdown'));

/** Copies `text`; the icon turns into a tick for 2 s. */
export function CopyButton({ text, label = RESULTS.copy }: { text: string; label?: string }) {
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
      aria-label={copied ? RESULTS.copied : label}
      title={copied ? RESULTS.copied : label}
      data-testid="copy-button"
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

function MarkdownText({ text }: { text: string }) {
  return (
    <Suspense fallback={<Spinner size={16} />}>
      <Markdown text={text} />
    </Suspense>
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
            <MarkdownText text={artifact.text} />
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

function Score({ score }: { score: number | null }) {
  if (score === null) return null;
  const intent = scoreIntent(score);
  return (
    <Tag intent={intent} className={`score score-${intent}`} data-testid="score" round>
      {Math.round(score * 10) / 10} {RESULTS.outOf10}
    </Tag>
  );
}

/** A list cut to PREVIEW_COUNT entries, with the full list behind a click. */
function Preview<T>({ items, render }: { items: T[]; render: (item: T, index: number) => React.ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, PREVIEW_COUNT);
  return (
    <>
      {shown.map(render)}
      {items.length > PREVIEW_COUNT && (
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={all ? RESULTS.showLess : RESULTS.showAll(items.length)}
          onClick={() => setAll(!all)}
        />
      )}
    </>
  );
}

function DataTable({ value }: { value: unknown }) {
  const view = dataView(value);
  if (view.kind === 'json') return <pre className="result-json">{view.text}</pre>;
  if (view.kind === 'fields') {
    return (
      <div className="table-scroll">
        <HTMLTable compact className="result-fields">
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.key}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  }
  return (
    <div className="table-scroll">
      <HTMLTable compact striped>
        <thead>
          <tr>
            {view.columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row, index) => (
            <tr key={index}>
              {view.columns.map((column) => (
                <td key={column}>{row[column]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function itemText(item: ResultItem): string {
  switch (item.kind) {
    case 'markdown':
    case 'text':
      return item.text;
    case 'coldEmail':
      return `${RESULTS.subject}: ${item.value.subject}\n\n${item.value.body}\n\n${RESULTS.followUp}:\n${item.value.followUp}`;
    case 'image':
      return item.url;
    default:
      return JSON.stringify('value' in item ? item.value : '', null, 2);
  }
}

function ItemBody({ item }: { item: ResultItem }) {
  switch (item.kind) {
    case 'markdown':
      return <MarkdownText text={item.text} />;
    case 'text':
      return <div className="result-plain">{item.text}</div>;
    case 'classification': {
      const { category, sentiment, confidence } = item.value;
      return (
        <div className="result-classification">
          <Tag large intent="primary" data-testid="classification-category">
            {category}
          </Tag>
          {confidence !== null && (
            <span className="confidence" data-testid="classification-confidence">
              <span className="confidence-bar" aria-hidden="true">
                <span style={{ width: confidencePercent(confidence) }} />
              </span>
              {confidencePercent(confidence)} {RESULTS.confidence}
            </span>
          )}
          {sentiment && (
            <span className="muted">
              {RESULTS.sentiment}: {sentiment}
            </span>
          )}
        </div>
      );
    }
    case 'image':
      return (
        <div className="result-image-body">
          <img src={item.url} alt="Generated" />
          <AnchorButton
            href={item.url}
            download
            icon={<DownloadIcon />}
            text={RESULTS.download}
            size="small"
          />
        </div>
      );
    case 'data':
      return <DataTable value={item.value} />;
    case 'imageAnalysis':
      return (
        <div className="result-stack">
          <p>{item.value.description}</p>
          {item.value.objects.length > 0 && (
            <p>
              <strong>{RESULTS.objects}:</strong> {item.value.objects.join(', ')}
            </p>
          )}
          {item.value.text && (
            <p>
              <strong>{RESULTS.visibleText}:</strong> {item.value.text}
            </p>
          )}
          {item.value.colors.length > 0 && (
            <p>
              <strong>{RESULTS.colours}:</strong> {item.value.colors.join(', ')}
            </p>
          )}
        </div>
      );
    case 'coldEmail':
      return (
        <div className="result-stack">
          <p>
            <strong>{RESULTS.subject}:</strong> {item.value.subject}
          </p>
          <div className="result-plain">{item.value.body}</div>
          {item.value.followUp && (
            <>
              <h5>{RESULTS.followUp}</h5>
              <div className="result-plain">{item.value.followUp}</div>
            </>
          )}
        </div>
      );
    case 'investors': {
      const { industry, businessModel, stage, investors } = item.value;
      return (
        <div className="result-stack">
          <div className="result-facts">
            <span>
              <strong>{RESULTS.industry}:</strong> {industry}
            </span>
            <span>
              <strong>{RESULTS.businessModel}:</strong> {businessModel}
            </span>
            <span>
              <strong>{RESULTS.stage}:</strong> {stage}
            </span>
          </div>
          <h5>
            {RESULTS.investors} ({investors.length})
          </h5>
          <div className="investor-list" data-testid="investor-list">
            <Preview
              items={investors}
              render={(investor, index) => (
                <Card key={index} compact className="investor">
                  <strong>{investor.name}</strong>
                  {investor.fundName && <span className="muted"> · {investor.fundName}</span>}
                  <div className="muted small">{investor.country}</div>
                  <div className="investor-links">
                    {investor.email && <a href={`mailto:${investor.email}`}>{investor.email}</a>}
                    {investor.contactPage && (
                      <a href={investor.contactPage} target="_blank" rel="noopener noreferrer">
                        {investor.contactPage}
                      </a>
                    )}
                  </div>
                  {investor.tags.length > 0 && (
                    <div className="investor-tags">
                      {investor.tags.map((tag) => (
                        <Tag key={tag} minimal round>
                          {tag}
                        </Tag>
                      ))}
                    </div>
                  )}
                </Card>
              )}
            />
          </div>
        </div>
      );
    }
    case 'yc': {
      const { overallScore, overallFeedback, recommendations, sections, fullApplication } = item.value;
      return <YcResult {...{ overallScore, overallFeedback, recommendations, sections, fullApplication }} />;
    }
  }
}

function YcResult(props: Extract<ResultItem, { kind: 'yc' }>['value']) {
  const [full, setFull] = useState(false);
  return (
    <div className="result-stack">
      <div className="yc-overall">
        <strong>{RESULTS.overallScore}</strong> <Score score={props.overallScore} />
      </div>
      {props.overallFeedback && <p>{props.overallFeedback}</p>}
      {props.recommendations.length > 0 && (
        <>
          <h5>{RESULTS.recommendations}</h5>
          <ol className="yc-recommendations" data-testid="yc-recommendations">
            <Preview items={props.recommendations} render={(text, index) => <li key={index}>{text}</li>} />
          </ol>
        </>
      )}
      <Button
        size="small"
        variant="outlined"
        text={full ? RESULTS.showLess : RESULTS.fullReview}
        onClick={() => setFull(!full)}
      />
      {full && (
        <>
          <h5>{RESULTS.sections}</h5>
          {props.sections.map((section, index) => (
            <Card key={index} compact className="yc-section">
              <div className="yc-question">
                <strong>{section.question}</strong> <Score score={section.score} />
              </div>
              <p>{section.answer}</p>
              {section.feedback && <p className="muted">{section.feedback}</p>}
            </Card>
          ))}
          {props.fullApplication && (
            <>
              <h5>{RESULTS.fullApplication}</h5>
              <MarkdownText text={props.fullApplication} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The heading level of a result's title, one below the heading the results sit under. */
export type ResultTitleLevel = 3 | 4 | 5;

/** One output field as a person wants to read it, with copy and (YC, investors) JSON download. */
export function ResultItemView({
  item,
  slug,
  level = 5,
}: {
  item: ResultItem;
  slug: string;
  level?: ResultTitleLevel;
}) {
  const download = resultDownload(item, slug);
  const copyable = item.kind !== 'image' && item.kind !== 'yc' && item.kind !== 'investors';
  const Title = `h${level}` as const;
  return (
    <Card className={`result result-field result-${item.kind}`} data-testid={`result-${item.field}`}>
      <div className="result-head">
        <Title className="result-title">{RESULT_TITLES[item.field] ?? item.field}</Title>
        <div className="result-actions">
          {copyable && <CopyButton text={itemText(item)} />}
          {download && (
            <Button
              size="small"
              variant="minimal"
              icon={<DownloadIcon />}
              text={RESULTS.downloadJson}
              onClick={() => downloadText(download.filename, download.text)}
            />
          )}
        </div>
      </div>
      <ItemBody item={item} />
    </Card>
  );
}

/** Text a block is streaming, where its result will be; it grows as the text arrives. */
const LiveResultView = observer(function LiveResultView({
  live,
  slug,
  level,
}: {
  live: LiveResult;
  slug: string;
  level?: ResultTitleLevel;
}) {
  const body = <ItemBody item={live.item} />;
  return (
    <div className="result-live" aria-busy="true" data-testid="result-live" data-node-id={live.nodeId}>
      {live.presented ? (
        <Card className="result result-text result-markdown">{body}</Card>
      ) : (
        <ResultItemView item={live.item} slug={slug} level={level} />
      )}
    </div>
  );
});

/**
 * Everything a run shows: what the output blocks present, the text blocks are streaming, then
 * the fields no output block shows.
 */
export const RunResults = observer(function RunResults({
  run,
  slug,
  level,
}: {
  run: RunStore;
  slug: string;
  level?: ResultTitleLevel;
}) {
  return (
    <div className="results" data-testid="results">
      {run.artifacts.map(({ nodeId, artifact }, index) => (
        <ArtifactView key={`${nodeId}:${index}`} artifact={artifact} />
      ))}
      {run.liveResults.map((live) => (
        <LiveResultView key={`live:${live.nodeId}`} live={live} slug={slug} level={level} />
      ))}
      {run.resultGroups.flatMap((group) =>
        group.items.map((item) => (
          <ResultItemView key={`${group.nodeId}:${item.field}`} item={item} slug={slug} level={level} />
        )),
      )}
    </div>
  );
});
