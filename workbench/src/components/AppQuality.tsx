import { CircleIcon, ConfirmIcon, PeopleIcon } from '@blueprintjs/icons';
import { Fragment } from 'react';
import { qualityOf, testedQuality, type AppQuality } from '../api/app-tests';
import { QUALITY } from '../texts/testing-texts';
import './app-quality.css';

/** A test's date as the store shows it: `Nov 29, 2026` in the reader's language. */
function testedOn(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * A label (`Public runs (3):`, or a figure of its own), then figures separated by dots; a line
 * wraps between figures, never inside one.
 */
function Figures({ label, figures }: { label: string; figures: string[] }) {
  return (
    <span>
      <strong>{label}</strong>
      {figures.map((figure, i) => (
        <Fragment key={i}>
          {i === 0 && label.endsWith(':') ? ' ' : ' · '}
          <span className="app-quality-figure">{figure}</span>
        </Fragment>
      ))}
    </span>
  );
}

/**
 * A store card's quality, in words anyone can read (no tooltip needed): the live version's tested
 * figures on one line, the public's runs on another, each saying where it comes from.
 */
export function AppQualityLines({ app }: { app: object }) {
  const quality = qualityOf(app);
  if (!quality) return null;
  const tested = testedQuality(quality);
  const live = quality.publicRuns;
  return (
    <div className="app-quality" data-testid="app-quality">
      {tested && (
        <p className="app-quality-line app-quality-tested" data-testid="app-quality-tested">
          <ConfirmIcon size={14} aria-hidden />
          <Figures
            label={QUALITY.cardTested(tested.passRate, tested.cases)}
            figures={[
              QUALITY.p95(tested.p95Ms),
              QUALITY.perRun(tested.creditsPerRun),
              QUALITY.versionOn(tested.versionNumber, testedOn(tested.testedAt)),
            ]}
          />
        </p>
      )}
      {live && (
        <p className="app-quality-line" data-testid="app-quality-public">
          <PeopleIcon size={14} aria-hidden />
          <Figures
            label={QUALITY.cardPublic(live.runs)}
            figures={[QUALITY.p95(live.p95Ms), QUALITY.perRun(live.creditsPerRun)]}
          />
        </p>
      )}
    </div>
  );
}

/** An app's page: its tested quality and its public runs' figures in full, each named by source. */
export function AppQualityDetails({ quality }: { quality: AppQuality | null }) {
  if (!quality) return null;
  const tested = testedQuality(quality);
  const live = quality.publicRuns;
  return (
    <div className="app-quality app-quality-full" data-testid="app-quality">
      {tested ? (
        <p className="app-quality-line app-quality-tested" data-testid="app-quality-tested">
          <ConfirmIcon size={16} aria-hidden />
          <Figures
            label={QUALITY.pageTested(tested.versionNumber, testedOn(tested.testedAt))}
            figures={[
              QUALITY.pagePassed(tested.passRate, tested.cases),
              QUALITY.pageCaseP95(tested.p95Ms),
              QUALITY.pageCredits(tested.creditsPerRun),
            ]}
          />
        </p>
      ) : (
        <p className="app-quality-line" data-testid="app-quality-tested">
          <CircleIcon size={16} aria-hidden />
          <span className="app-quality-none">{QUALITY.notTested}</span>
        </p>
      )}
      {live && (
        <p className="app-quality-line" data-testid="app-quality-public">
          <PeopleIcon size={16} aria-hidden />
          <Figures
            label={QUALITY.pagePublic(live.runs)}
            figures={[QUALITY.pageRunP95(live.p95Ms), QUALITY.pageCredits(live.creditsPerRun)]}
          />
        </p>
      )}
    </div>
  );
}
