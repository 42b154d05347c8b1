import { Button, Callout } from '@blueprintjs/core';
import { ArrowLeftIcon, EyeOpenIcon, HistoryIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { versionKindLabel, versionTime } from '../../stores/version-rules';
import { HISTORY, VIEWING } from '../../texts/version-texts';

/** Above the canvas while a saved version is shown: what it is, back to the draft, restore. */
export const VersionBanner = observer(function VersionBanner() {
  const { builder } = useStores();
  const { history } = builder;
  const viewed = history.viewing;
  if (!viewed) return null;
  const { version } = viewed;
  return (
    <div className="version-banner" role="status" data-testid="version-banner">
      <EyeOpenIcon className="version-banner-icon" />
      <div className="version-banner-text">
        <strong>{VIEWING.banner(version.number)}</strong>
        <span className="version-banner-detail">
          {versionTime(version.updatedAt)} · {HISTORY.by(version.authorName)} · {VIEWING.bannerDetail}
        </span>
      </div>
      <div className="version-banner-actions">
        <Button icon={<ArrowLeftIcon />} text={VIEWING.backToDraft} onClick={() => history.backToDraft()} />
        {!version.isDraft && (
          <Button
            intent="primary"
            icon={<HistoryIcon />}
            text={VIEWING.restore}
            disabled={history.busy}
            loading={history.restoringId === version.id}
            onClick={() => history.askRestore(version)}
          />
        )}
      </div>
    </div>
  );
});

/** The properties panel while a saved version is shown: its fields, read only, and what it changed. */
export const VersionProperties = observer(function VersionProperties() {
  const { builder } = useStores();
  const viewed = builder.history.viewing;
  if (!viewed) return null;
  const { version, problems } = viewed;
  return (
    <section
      className="panel-section version-properties"
      aria-label={VIEWING.propertiesTitle(version.number)}
    >
      <h3 className="panel-heading">{VIEWING.propertiesTitle(version.number)}</h3>
      <dl className="version-fields">
        <dt>{VIEWING.fields.name}</dt>
        <dd>{version.name}</dd>
        <dt>{VIEWING.fields.description}</dt>
        <dd>{version.description || <span className="muted">{VIEWING.noDescription}</span>}</dd>
        <dt>{VIEWING.fields.category}</dt>
        <dd>{version.category || <span className="muted">{VIEWING.noCategory}</span>}</dd>
        <dt>{VIEWING.fields.saved}</dt>
        <dd>
          {versionTime(version.updatedAt)} · {versionKindLabel(version.kind)} ·{' '}
          {HISTORY.by(version.authorName)}
        </dd>
      </dl>
      <h4 className="panel-subheading">{VIEWING.summary}</h4>
      <p className="version-summary">{version.summary}</p>
      {!version.isLive && version.changesFromLive.length > 0 && (
        <>
          <h4 className="panel-subheading">{VIEWING.fromLive}</h4>
          <ul className="version-changes">
            {version.changesFromLive.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {problems.length > 0 && (
        <Callout intent="danger" className="version-problems">
          {VIEWING.invalid} {problems.join(' ')}
        </Callout>
      )}
    </section>
  );
});
