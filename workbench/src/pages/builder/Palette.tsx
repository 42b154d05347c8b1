import { Button, Collapse, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon, LockIcon, SearchIcon } from '@blueprintjs/icons';
import { BLOCK_CATEGORY_LABELS, type BlockCatalogueEntry } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import type { DragEvent } from 'react';
import { CategoryIcon } from '../../canvas/block-visuals';
import { useStores } from '../../stores-context';
import { planOf } from '../../stores/api-keys-store';
import { BLOCK_DRAG_TYPE } from '../../stores/canvas-gestures';
import { FULL_BLOCKS_PLAN, isLocked, type BlockChooser } from '../../stores/palette-store';
import { BLOCK_TIERS } from '../../texts/block-tier-texts';
import { PALETTE } from '../../texts/builder-texts';
import './block-tiers.css';
import './models.css';

/** Starts dragging a block kind onto the canvas. */
function startBlockDrag(event: DragEvent, entry: BlockCatalogueEntry): void {
  event.dataTransfer.setData(BLOCK_DRAG_TYPE, JSON.stringify({ type: entry.id }));
  event.dataTransfer.effectAllowed = 'copy';
}

/** Who is choosing blocks: the session, and the plan the publishing info gave. */
export function useBlockChooser(): BlockChooser {
  const { session, credits } = useStores();
  return { checked: session.checked, signedIn: session.signedIn, plan: planOf(credits) };
}

/**
 * One draggable block; Enter or a click adds it to the middle of the canvas. A block the plan may
 * not add shows a lock and the plan that has it, and opens the upgrade dialog instead.
 */
export const PaletteItem = observer(function PaletteItem({ entry }: { entry: BlockCatalogueEntry }) {
  const { builder, palette } = useStores();
  const chooser = useBlockChooser();
  const locked = isLocked(entry, chooser);
  const cost = palette.costLabel(entry);
  const add = () => {
    if (!palette.allowOrOffer(entry, chooser)) return;
    builder.gestures.addBlockByClick(entry.id);
    if (builder.view.isMobile) builder.view.setPaletteOpen(false);
  };
  const drag = (event: DragEvent) => {
    if (palette.allowOrOffer(entry, chooser)) startBlockDrag(event, entry);
    else event.preventDefault();
  };
  return (
    <button
      type="button"
      className={`palette-item palette-${entry.category}${locked ? ' is-locked' : ''}`}
      draggable
      onDragStart={drag}
      onClick={add}
      data-block-type={entry.id}
      data-locked={locked ? 'true' : undefined}
      title={`${entry.description} ${locked ? BLOCK_TIERS.lockedHint(FULL_BLOCKS_PLAN.name) : 'Drag onto the canvas, or click to add.'}`}
    >
      <span className="palette-icon">
        <CategoryIcon category={entry.category} />
      </span>
      <span className="palette-text">
        <span className="palette-name-row">
          <span className="palette-name">{entry.name}</span>
          {cost && <span className="palette-cost">{cost}</span>}
          {locked && (
            <Tag minimal round className="palette-plan-tag" icon={<LockIcon size={10} />}>
              {FULL_BLOCKS_PLAN.name}
            </Tag>
          )}
        </span>
        <span className="palette-description">{entry.description}</span>
      </span>
    </button>
  );
});

/** The block palette: search, then Input, AI Logic and Output sections built from the catalogue. */
export const Palette = observer(function Palette() {
  const { palette, catalogue } = useStores();
  if (catalogue.state === 'loading' || catalogue.state === 'idle') {
    return (
      <div className="palette-loading">
        <Spinner size={20} />
      </div>
    );
  }
  if (catalogue.state === 'failed') {
    return (
      <NonIdealState
        className="palette-error"
        title="The blocks could not be loaded"
        description={catalogue.error}
        action={<Button text="Try again" onClick={() => void catalogue.load()} />}
      />
    );
  }
  return (
    <div className="palette" data-tour="palette">
      <InputGroup
        type="search"
        leftIcon={<SearchIcon />}
        placeholder={PALETTE.searchPlaceholder}
        value={palette.search}
        onValueChange={(value) => palette.setSearch(value)}
        aria-label="Search blocks"
      />
      {palette.noMatches ? (
        <div className="palette-empty">
          <p>
            {PALETTE.noBlocksMatching} "{palette.search.trim()}"
          </p>
          <Button
            variant="minimal"
            intent="primary"
            text={PALETTE.clearSearch}
            onClick={() => palette.clearSearch()}
          />
        </div>
      ) : (
        palette.sections.map((section) => (
          <section key={section.category} className="palette-section">
            <button
              type="button"
              className="palette-section-head"
              aria-expanded={section.open}
              onClick={() => palette.toggleSection(section.category)}
            >
              {section.open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
              <span>{BLOCK_CATEGORY_LABELS[section.category]}</span>
              <span className="palette-count">{section.entries.length}</span>
            </button>
            <Collapse isOpen={section.open} keepChildrenMounted>
              <div className="palette-items">
                {section.entries.length === 0 ? (
                  <p className="palette-section-empty">{PALETTE.emptySection[section.category]}</p>
                ) : (
                  section.entries.map((entry) => <PaletteItem key={entry.id} entry={entry} />)
                )}
              </div>
            </Collapse>
          </section>
        ))
      )}
    </div>
  );
});
