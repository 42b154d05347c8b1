import { observer } from 'mobx-react-lite';
import { CreditsPanel } from './CreditsPanel';
import { Palette } from './Palette';
import { TemplatesList } from './TemplatesList';

/** The left sidebar: block palette, templates, credits. */
export const Sidebar = observer(function Sidebar() {
  return (
    <div className="sidebar-content">
      <Palette />
      <TemplatesList />
      <CreditsPanel />
    </div>
  );
});
