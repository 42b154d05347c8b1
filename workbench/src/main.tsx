import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import { configure } from 'mobx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphqlApi } from './api/graphql-api';
import { App } from './App';
import { RootStore } from './stores/root-store';
import { StoresContext } from './stores-context';

configure({ enforceActions: 'observed' });

let stores: RootStore | null = null;
const api = new GraphqlApi(() => stores?.session.accessToken() ?? Promise.resolve(null));
stores = new RootStore(api, window.localStorage, navigator.locks ?? null);
const root = stores;
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === 'blocksmith-session') root.session.onStorageChanged();
});
void root.session.init();

const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element.');
createRoot(element).render(
  <StrictMode>
    <StoresContext.Provider value={root}>
      <App />
    </StoresContext.Provider>
  </StrictMode>,
);
