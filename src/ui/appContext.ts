import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../store/appStore';

export const StoreContext = createContext<AppStore | null>(null);

/** Reads a slice of the app state (re-renders when it changes). */
export function useApp<T>(selector: (s: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp outside StoreContext');
  return useStore(store, selector);
}
