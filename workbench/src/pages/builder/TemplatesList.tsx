import { ApplicationsIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { TEMPLATES } from '../../templates/templates';
import { PALETTE } from '../../texts/builder-texts';

/** The built-in templates whose blocks this server has. */
export const TemplatesList = observer(function TemplatesList() {
  const { builder, catalogue } = useStores();
  const available = TEMPLATES.filter((template) =>
    template.config.plugins.every((plugin) => catalogue.byId.has(plugin.type)),
  );
  if (available.length === 0) return null;
  return (
    <section className="templates">
      <h3 className="sidebar-heading">{PALETTE.templates}</h3>
      {available.map((template) => (
        <button
          key={template.id}
          type="button"
          className="template-item"
          onClick={() => {
            builder.loadTemplate(template);
            builder.view.setPaletteOpen(false);
          }}
        >
          <ApplicationsIcon size={14} />
          <span className="palette-text">
            <span className="palette-name">{template.name}</span>
            <span className="palette-description">{template.description}</span>
          </span>
        </button>
      ))}
    </section>
  );
});
