import { Button, EditableText, Menu, MenuDivider, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import {
  DocumentOpenIcon,
  DuplicateIcon,
  ExportIcon,
  EyeOpenIcon,
  FloppyDiskIcon,
  HistoryIcon,
  ImportIcon,
  ListDetailViewIcon,
  MoreIcon,
  NewObjectIcon,
  PlayIcon,
  ShopIcon,
  TimeIcon,
} from '@blueprintjs/icons';
import { greeting } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useRef, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton';
import { Logo } from '../../components/Logo';
import { useStores } from '../../stores-context';
import { HEADER, STORE_LINK_LABEL } from '../../texts/builder-texts';
import { RUNS } from '../../texts/run-history-texts';
import { TRIGGERS } from '../../texts/trigger-texts';
import { HISTORY } from '../../texts/version-texts';
import { AvatarMenu } from './AvatarMenu';
import { PublishButton } from './PublishButton';
import { SaveStatus } from './SaveStatus';
import { downloadText } from './download';

/**
 * The builder's top bar: app name, greeting and save status, store link, file actions, history,
 * the app's runs, save, preview, Run, Publish, avatar. On a phone, history is in the app menu, Run opens the
 * preview and shows its icon only, so the name and the save status keep their room.
 */
export const BuilderHeader = observer(function BuilderHeader() {
  const { builder, session } = useStores();
  const { document, run } = builder;
  const fileInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const hello = greeting(new Date().getHours());

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) builder.drafts.importFile(await file.text());
  };
  const onExport = () => {
    const { filename, text } = builder.drafts.exportFile();
    downloadText(filename, text);
  };
  const onRun = async () => {
    await builder.preview.openPreview();
    if (builder.dialogs.previewOpen && run.inputFields.length === 0) await builder.preview.runApp();
  };

  const fileMenu = (
    <Menu aria-label="App actions">
      <MenuItem icon={<NewObjectIcon />} text="New app" onClick={() => builder.drafts.newApp()} />
      {session.signedIn && (
        <MenuItem
          icon={<DocumentOpenIcon />}
          text="Open app..."
          onClick={() => builder.dialogs.setOpenAppsOpen(true)}
        />
      )}
      {session.signedIn && (
        <MenuItem
          icon={<HistoryIcon />}
          text={HISTORY.menuItem}
          onClick={() => builder.history.setOpen(true)}
        />
      )}
      {builder.runsPath && (
        <MenuItem
          icon={<ListDetailViewIcon />}
          text={RUNS.runsButton}
          onClick={() => builder.runsPath && navigate(builder.runsPath)}
        />
      )}
      {builder.triggersPath && (
        <MenuItem
          icon={<TimeIcon />}
          text={TRIGGERS.menuItem}
          onClick={() => builder.triggersPath && navigate(builder.triggersPath)}
        />
      )}
      <MenuDivider />
      <MenuItem icon={<ImportIcon />} text="Import from file..." onClick={() => fileInput.current?.click()} />
      <MenuItem
        icon={<ExportIcon />}
        text="Export to file"
        disabled={!builder.hasBlocks}
        onClick={onExport}
      />
      <MenuItem icon={<DuplicateIcon />} text="Duplicate" onClick={() => builder.drafts.duplicate()} />
      {builder.view.isMobile && (
        <>
          <MenuDivider />
          <MenuItem icon={<ShopIcon />} text={STORE_LINK_LABEL} href="/store" />
        </>
      )}
    </Menu>
  );

  return (
    <header className="builder-header">
      <div className="header-left">
        <Logo compact />
        <div className="header-titles">
          <h1 className="app-name-heading">
            <EditableText
              className="app-name"
              value={builder.history.viewing?.version.name ?? document.meta.name}
              disabled={builder.readOnly}
              onChange={(name) => document.setMeta({ name })}
              placeholder="Name your app"
              maxLength={80}
              selectAllOnFocus
              aria-label="App name"
            />
          </h1>
          <span className="header-subline">
            <span className="greeting">
              {hello}
              {session.signedIn ? `, ${session.displayName.split(' ')[0]}` : ''}
            </span>
            <SaveStatus />
          </span>
        </div>
      </div>
      <div className="header-right">
        <Link to="/store" className="store-link">
          <ShopIcon size={14} />
          <span>{STORE_LINK_LABEL}</span>
        </Link>
        <PopoverNext content={fileMenu} placement="bottom-end">
          {/* Not opened by focus: the menu gives focus back to this button when it closes, and a
              tooltip opened so would stay over the canvas toolbar until focus moved elsewhere. */}
          <Tooltip content="App actions" placement="bottom" openOnTargetFocus={false}>
            <Button variant="minimal" icon={<MoreIcon />} aria-label="App actions" />
          </Tooltip>
        </PopoverNext>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(e) => void onImport(e)}
        />
        {session.signedIn && (
          <Button
            variant="minimal"
            icon={<HistoryIcon />}
            text={<span className="hide-narrow">{HISTORY.button}</span>}
            aria-label={HISTORY.title}
            active={builder.history.open}
            className="history-button hide-mobile"
            onClick={() => builder.history.setOpen(!builder.history.open)}
          />
        )}
        {builder.runsPath && (
          <LinkButton
            variant="minimal"
            icon={<ListDetailViewIcon />}
            text={<span className="hide-narrow">{RUNS.runsButton}</span>}
            aria-label={RUNS.runsButton}
            className="hide-mobile"
            href={builder.runsPath}
            data-testid="runs-link"
          />
        )}
        {session.signedIn && (
          <Button
            variant="minimal"
            icon={<FloppyDiskIcon />}
            text={<span className="hide-narrow">{HEADER.save}</span>}
            aria-label={HEADER.save}
            loading={builder.saves.saving}
            onClick={() => void builder.saves.save()}
          />
        )}
        <Button
          variant="minimal"
          icon={<EyeOpenIcon />}
          text={<span className="hide-narrow">{HEADER.preview}</span>}
          aria-label={HEADER.preview}
          className="hide-mobile"
          onClick={() => void builder.preview.openPreview()}
        />
        <Button
          intent="success"
          icon={<PlayIcon />}
          text={<span className="hide-mobile">{run.processing ? HEADER.processing : HEADER.run}</span>}
          aria-label={run.processing ? HEADER.processing : HEADER.run}
          disabled={!builder.hasBlocks || run.processing}
          onClick={() => void onRun()}
          data-tour="run"
        />
        <PublishButton />
        <AvatarMenu />
      </div>
    </header>
  );
});
