import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import { Classes } from '@blueprintjs/core';
import { autorun, configure } from 'mobx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphqlApi } from './api/graphql-api';
import { App } from './App';
import { windowHost } from './stores/browser-host';
import { browserStorage } from './stores/browser-storage';
import { RootStore } from './stores/root-store';
import { applyTheme } from './stores/theme-store';
import { StoresContext } from './stores-context';

configure({ enforceActions: 'observed' });

let stores: RootStore | null = null;
const api = new GraphqlApi(() => stores?.session.accessToken() ?? Promise.resolve(null));
const { storage, persistent } = browserStorage();
// Without storage (an embed on another site) the locks are refused too, and nothing is shared.
stores = new RootStore(api, storage, persistent ? (navigator.locks ?? null) : null, windowHost());
const root = stores;
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === 'blocksmith-session') root.session.onStorageChanged();
});
void root.session.init();
// Blueprint's dark theme on <body> reaches every page and every overlay portalled into it.
autorun(() => applyTheme(document, root.theme.theme, Classes.DARK));

const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element.');
createRoot(element).render(
  <StrictMode>
    <StoresContext.Provider value={root}>
      <App />
    </StoresContext.Provider>
  </StrictMode>,
);
