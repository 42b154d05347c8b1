import { Button, Collapse, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from '@blueprintjs/icons';
import { BLOCK_CATEGORY_LABELS, type BlockCatalogueEntry } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import type { DragEvent } from 'react';
import { CategoryIcon } from '../../canvas/block-visuals';
import { useStores } from '../../stores-context';
import { BLOCK_DRAG_TYPE } from '../../stores/builder-store';
import { PALETTE } from '../../texts/builder-texts';

/** Starts dragging a block kind onto the canvas. */
function startBlockDrag(event: DragEvent, entry: BlockCatalogueEntry): void {
  event.dataTransfer.setData(BLOCK_DRAG_TYPE, JSON.stringify({ type: entry.id }));
  event.dataTransfer.effectAllowed = 'copy';
}

/** One draggable block; Enter or a click adds it to the middle of the canvas. */
export const PaletteItem = observer(function PaletteItem({ entry }: { entry: BlockCatalogueEntry }) {
  const { builder } = useStores();
  const add = () => {
    builder.addBlockAtCenter(entry.id);
    if (builder.view.isMobile) builder.view.setPaletteOpen(false);
  };
  return (
    <button
      type="button"
      className={`palette-item palette-${entry.category}`}
      draggable
      onDragStart={(event) => startBlockDrag(event, entry)}
      onClick={add}
      data-block-type={entry.id}
      title={`${entry.description} Drag onto the canvas, or click to add.`}
    >
      <span className="palette-icon">
        <CategoryIcon category={entry.category} />
      </span>
      <span className="palette-text">
        <span className="palette-name">{entry.name}</span>
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
    <div className="palette">
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
