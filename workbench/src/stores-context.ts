import { createContext, useContext } from 'react';
import type { RootStore } from './stores/root-store';

export const StoresContext = createContext<RootStore | null>(null);

/** The app's stores; components read state from them and call their actions. */
export function useStores(): RootStore {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() is used outside <StoresContext.Provider>.');
  return stores;
}
