import { AnchorButton, Button, Card, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { scoreIntent, type Artifact, type DataView, type FieldRow } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useContext, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import type { LiveResult } from '../../stores/run-results';
import type { RunStore } from '../../stores/run-store';
import { PREVIEW_COUNT, type ResultItem, type ResultPart } from '../../stores/result-fields';
import { RESULTS } from '../../texts/runner-texts';
import { CitationSources, CitedText, SourcesView } from './Citations';
import { sourcesOf } from './cited-sources';
import { downloadText } from './download';
import { RunNotesCallout } from './RunNotices';
import './results.css';

const Markdown = lazy(() => import('./Markdown'));

function MarkdownText({ text }: { text: string }) {
  const citable = useContext(CitationSources);
  return (
    <Suspense fallback={<Spinner size={16} />}>
      <Markdown text={text} citable={citable} />
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
            <CitedText text={artifact.text} />
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

function DataTable({ data }: { data: DataView }) {
  if (data.kind === 'json') return <pre className="result-json">{data.text}</pre>;
  if (data.kind === 'fields') {
    return (
      <div className="table-scroll">
        <HTMLTable compact className="result-fields">
          <tbody>
            {data.rows.map((row) => (
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
            {data.columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row, index) => (
            <tr key={index}>
              {data.columns.map((column) => (
                <td key={column}>{row[column]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <span className="result-tags">
      {tags.map((tag, index) => (
        <Tag key={`${index}:${tag}`} minimal round>
          {tag}
        </Tag>
      ))}
    </span>
  );
}

function FieldValue({ row }: { row: FieldRow }) {
  switch (row.kind) {
    case 'tag':
      return (
        <Tag large intent="primary" data-testid="result-tag">
          {row.text}
        </Tag>
      );
    case 'percent':
      return (
        <span className="confidence" data-testid="result-percent">
          <span className="confidence-bar" aria-hidden="true">
            <span style={{ width: row.text }} />
          </span>
          {row.text}
        </span>
      );
    case 'url':
      return (
        <a href={row.text} target="_blank" rel="noopener noreferrer">
          {row.text}
        </a>
      );
    case 'email':
      return <a href={`mailto:${row.text}`}>{row.text}</a>;
    case 'tags':
      return <Tags tags={row.tags} />;
    case 'text':
      return <span className="result-plain">{row.text}</span>;
  }
}

/** Label/value rows: in a line (short facts) or one under another. */
function FieldsView({ part }: { part: Extract<ResultPart, { view: 'fields' }> }) {
  return (
    <div className={part.inline ? 'result-facts' : 'result-stack'}>
      {part.rows.map((row, index) => {
        const Row = part.inline ? 'span' : 'div';
        return (
          <Row key={`${index}:${row.label}`} className="result-row">
            {row.label && <strong>{row.label}:</strong>} <FieldValue row={row} />
          </Row>
        );
      })}
    </div>
  );
}

function CardsView({ part }: { part: Extract<ResultPart, { view: 'cards' }> }) {
  return (
    <>
      <h5>
        {part.title} ({part.cards.length})
      </h5>
      <div className="card-list" data-testid="result-cards">
        <Preview
          items={part.cards}
          render={(card, index) => (
            <Card key={index} compact className="result-card">
              <strong>{card.title}</strong>
              {card.subtitle && <span className="muted"> · {card.subtitle}</span>}
              {card.lines.map((line, i) => (
                <div key={i} className="muted small">
                  {line}
                </div>
              ))}
              {card.links.length > 0 && (
                <div className="card-links">
                  {card.links.map((link) => (
                    <a
                      key={link.href}
                      href={link.href}
                      {...(link.href.startsWith('mailto:')
                        ? {}
                        : { target: '_blank', rel: 'noopener noreferrer' })}
                    >
                      {link.text}
                    </a>
                  ))}
                </div>
              )}
              {card.tags.length > 0 && (
                <div className="card-tags">
                  <Tags tags={card.tags} />
                </div>
              )}
            </Card>
          )}
        />
      </div>
    </>
  );
}

function ScorecardView({ part }: { part: Extract<ResultPart, { view: 'scorecard' }> }) {
  const [full, setFull] = useState(false);
  const { recommendations, sections, fullText } = part;
  return (
    <div className="result-stack">
      <div className="scorecard-overall">
        <strong>{RESULTS.overallScore}</strong> <Score score={part.score} />
      </div>
      {part.feedback && <p>{part.feedback}</p>}
      {recommendations && (
        <>
          <h5>{recommendations.title}</h5>
          <ol className="scorecard-recommendations" data-testid="result-recommendations">
            <Preview items={recommendations.items} render={(text, index) => <li key={index}>{text}</li>} />
          </ol>
        </>
      )}
      {(sections || fullText) && (
        <Button
          size="small"
          variant="outlined"
          text={full ? RESULTS.showLess : RESULTS.fullReview}
          onClick={() => setFull(!full)}
        />
      )}
      {full && (
        <>
          {sections && sections.items.length > 0 && (
            <>
              <h5>{sections.title}</h5>
              {sections.items.map((section, index) => (
                <Card key={index} compact className="scorecard-section">
                  <div className="scorecard-heading">
                    <strong>{section.heading}</strong> <Score score={section.score} />
                  </div>
                  <p>{section.text}</p>
                  {section.feedback && <p className="muted">{section.feedback}</p>}
                </Card>
              ))}
            </>
          )}
          {fullText && (
            <>
              <h5>{fullText.title}</h5>
              <MarkdownText text={fullText.text} />
            </>
          )}
        </>
      )}
    </div>
  );
}

function PartView({ part }: { part: ResultPart }) {
  switch (part.view) {
    case 'markdown':
      return <MarkdownText text={part.text} />;
    case 'text':
      return <CitedText text={part.text} />;
    case 'cited':
      return <SourcesView part={part} />;
    case 'fields':
      return <FieldsView part={part} />;
    case 'scorecard':
      return <ScorecardView part={part} />;
    case 'cards':
      return <CardsView part={part} />;
    case 'table':
      return <DataTable data={part.data} />;
    case 'image':
      return (
        <div className="result-image-body">
          <img src={part.url} alt="Generated" />
          <AnchorButton
            href={part.url}
            download
            icon={<DownloadIcon />}
            text={RESULTS.download}
            size="small"
          />
        </div>
      );
    case 'file':
      return (
        <div className="result-file-body">
          <span>{part.name}</span>
          <AnchorButton
            href={part.url}
            download={part.name}
            icon={<DownloadIcon />}
            text={RESULTS.download}
            size="small"
          />
        </div>
      );
  }
}

function ItemBody({ item }: { item: ResultItem }) {
  const [only] = item.parts;
  if (item.parts.length === 1 && only) return <PartView part={only} />;
  return (
    <div className="result-stack">
      {item.parts.map((part, index) => (
        <PartView key={index} part={part} />
      ))}
    </div>
  );
}

/** The heading level of a result's title, one below the heading the results sit under. */
export type ResultTitleLevel = 3 | 4 | 5;

/**
 * One result as its block declares it, under its title, with copy or (compound results) JSON
 * download.
 */
export function ResultItemView({
  item,
  slug,
  level = 5,
  source,
}: {
  item: ResultItem;
  slug: string;
  level?: ResultTitleLevel;
  /** The block it came from, when the run has several blocks of its kind. */
  source?: string | undefined;
}) {
  const { download, copyText } = item;
  const Title = `h${level}` as const;
  // Not `result-${view}`: those name what output blocks present (result-table, result-image).
  const shape = item.fallback ? 'data' : (item.parts[0]?.view ?? 'text');
  return (
    <Card className={`result result-field result-view-${shape}`} data-testid={`result-${item.output}`}>
      <div className="result-head">
        <Title className="result-title">
          {item.title}
          {source !== undefined && <span className="result-source"> · {source}</span>}
        </Title>
        <div className="result-actions">
          {copyText !== null && <CopyButton text={copyText} />}
          {download && (
            <Button
              size="small"
              variant="minimal"
              icon={<DownloadIcon />}
              text={RESULTS.downloadJson}
              onClick={() => downloadText(`${slug}-${download.name}.json`, download.text)}
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
  const items = run.resultGroups.flatMap((group) => group.items);
  return (
    <CitationSources.Provider value={sourcesOf(items)}>
      <div className="results" data-testid="results">
        <RunNotesCallout run={run} />
        {run.artifacts.map(({ nodeId, artifact }, index) => (
          <ArtifactView key={`${nodeId}:${index}`} artifact={artifact} />
        ))}
        {run.liveResults.map((live) => (
          <LiveResultView key={`live:${live.nodeId}`} live={live} slug={slug} level={level} />
        ))}
        {run.resultGroups.flatMap((group) =>
          group.items.map((item) => (
            <ResultItemView
              key={`${group.nodeId}:${item.output}`}
              item={item}
              slug={slug}
              level={level}
              source={group.source}
            />
          )),
        )}
      </div>
    </CitationSources.Provider>
  );
});
