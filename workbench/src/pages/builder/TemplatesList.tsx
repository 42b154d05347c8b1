import { Tag } from '@blueprintjs/core';
import { ApplicationsIcon, LockIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../stores-context';
import { FULL_BLOCKS_PLAN } from '../../stores/palette-store';
import { BLOCK_TIERS } from '../../texts/block-tier-texts';
import { PALETTE } from '../../texts/builder-texts';
import { useBlockChooser } from './Palette';

/**
 * The starter apps whose blocks this server has. A template with a full block is a full template
 * ("limited templates" on Free): it shows the lock and the plan that has it, and opens the upgrade
 * dialog for that block instead of loading.
 */
export const TemplatesList = observer(function TemplatesList() {
  const { builder, palette, templates } = useStores();
  const chooser = useBlockChooser();
  useEffect(() => void templates.load(), [templates]);
  const available = templates.available;
  if (available.length === 0) return null;
  return (
    <section className="templates" data-tour="templates">
      <h2 className="sidebar-heading">{PALETTE.templates}</h2>
      {available.map((template) => {
        const lockedBlock = templates.lockedBlock(template, chooser);
        return (
          <button
            key={template.id}
            type="button"
            className={`template-item${lockedBlock ? ' is-locked' : ''}`}
            data-template={template.id}
            data-locked={lockedBlock ? 'true' : undefined}
            title={lockedBlock ? BLOCK_TIERS.lockedTemplateHint(FULL_BLOCKS_PLAN.name) : undefined}
            onClick={() => {
              if (lockedBlock && !palette.allowOrOffer(lockedBlock, chooser)) return;
              builder.drafts.loadTemplate(template);
              builder.view.setPaletteOpen(false);
            }}
          >
            <ApplicationsIcon size={14} />
            <span className="palette-text">
              <span className="palette-name-row">
                <span className="palette-name">{template.name}</span>
                {lockedBlock && (
                  <Tag minimal round className="palette-plan-tag" icon={<LockIcon size={10} />}>
                    {FULL_BLOCKS_PLAN.name}
                  </Tag>
                )}
              </span>
              <span className="palette-description">{template.description}</span>
            </span>
          </button>
        );
      })}
    </section>
  );
});
