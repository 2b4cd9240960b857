import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore } from './store/appStore';
import { parseHash, toHash, type View } from './session/view';
import { App } from './ui/App';
import { StoreContext } from './ui/appContext';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { installTestHook } from './ui/installTestHook';
import { WorkerClient } from './worker/client';
import './ui/app.css';

const client = new WorkerClient();
const { view, custom } = parseHash(location.hash);
const store = createAppStore(client, view, custom, { deviceMemory: (navigator as Navigator & { deviceMemory?: number }).deviceMemory });
installTestHook(store, () => client.busy);

// Settings → URL hash on change (a colleague opening the link and dropping the same files sees the same view).
const viewOf = (s: View): View => ({
  mapping: s.mapping,
  green: s.green,
  red: s.red,
  hideUnassigned: s.hideUnassigned,
  caseFilters: s.caseFilters,
  activities: s.activities,
  paths: s.paths,
  rankBy: s.rankBy,
  colorMode: s.colorMode,
  edgeLabel: s.edgeLabel,
  direction: s.direction,
  splitByPid: s.splitByPid,
  singleThread: s.singleThread,
  thresholds: s.thresholds,
  time: s.time,
  selection: s.selection,
});
let lastHash = toHash(viewOf(store.getState()));
store.subscribe((s) => {
  const h = toHash(viewOf(s));
  if (h === lastHash) return;
  lastHash = h;
  history.replaceState(null, '', h ? `#${h}` : location.pathname + location.search);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary name="strace-dfg">
      <StoreContext.Provider value={store}>
        <App />
      </StoreContext.Provider>
    </ErrorBoundary>
  </StrictMode>,
);
