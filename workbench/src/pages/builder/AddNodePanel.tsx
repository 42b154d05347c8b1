import { Button, InputGroup } from '@blueprintjs/core';
import { AddIcon, CrossIcon, SearchIcon } from '@blueprintjs/icons';
import { BLOCK_CATEGORY_LABELS } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { ADD_NODE } from '../../texts/builder-texts';
import { PaletteItem } from './Palette';

/** Full screen: the round 'Add Node' button and its searchable panel of draggable blocks. */
export const AddNodePanel = observer(function AddNodePanel() {
  const { builder, palette } = useStores();
  const { view } = builder;
  return (
    <>
      <Button
        className="add-node-button"
        intent="primary"
        size="large"
        icon={<AddIcon />}
        aria-label={ADD_NODE.button}
        title={ADD_NODE.button}
        onClick={() => view.setAddNodeOpen(!view.addNodeOpen)}
      />
      {view.addNodeOpen && (
        <div className="add-node-panel" role="dialog" aria-label={ADD_NODE.title}>
          <div className="add-node-head">
            <div>
              <h3>{ADD_NODE.title}</h3>
              <p className="muted small">{ADD_NODE.subtitle}</p>
            </div>
            <Button
              variant="minimal"
              icon={<CrossIcon />}
              aria-label="Close"
              onClick={() => view.setAddNodeOpen(false)}
            />
          </div>
          <InputGroup
            type="search"
            leftIcon={<SearchIcon />}
            placeholder={ADD_NODE.searchPlaceholder}
            value={palette.addNodeSearch}
            onValueChange={(value) => palette.setAddNodeSearch(value)}
            autoFocus
          />
          <div className="add-node-results">
            {palette.addNodeSections.length === 0 ? (
              <p className="muted add-node-empty">{ADD_NODE.empty}</p>
            ) : (
              palette.addNodeSections.map((section) => (
                <section key={section.category}>
                  <h4 className="sidebar-heading">{BLOCK_CATEGORY_LABELS[section.category]}</h4>
                  {section.entries.map((entry) => (
                    <PaletteItem key={entry.id} entry={entry} />
                  ))}
                </section>
              ))
            )}
          </div>
        </div>
      )}
    </>
  );
});
