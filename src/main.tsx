import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore } from './store/appStore';
import { parseHash, toHash } from './session/view';
import { App } from './ui/App';
import { StoreContext } from './ui/appContext';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { installTestHook } from './ui/installTestHook';
import { WorkerClient } from './worker/client';
import './ui/app.css';

const client = new WorkerClient();
const { view, custom, ignored } = parseHash(location.hash);
const store = createAppStore(client, view, custom, { deviceMemory: (navigator as Navigator & { deviceMemory?: number }).deviceMemory });
installTestHook(store, () => client.busy);

// The view → URL hash on change (a colleague opening the link and dropping the same files sees the same view).
let lastHash = toHash(store.getState().view);
store.subscribe((s, prev) => {
  if (s.view === prev.view) return;
  const h = toHash(s.view);
  if (h === lastHash) return;
  lastHash = h;
  history.replaceState(null, '', h ? `#${h}` : location.pathname + location.search);
});
// what the link held that this version does not read: named once (the rest of the link applies)
if (ignored.length) store.getState().notify(`Ignored in this link: ${ignored.map((i) => i.why).join('; ')}.`);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary name="strace-dfg">
      <StoreContext.Provider value={store}>
        <App />
      </StoreContext.Provider>
    </ErrorBoundary>
  </StrictMode>,
);
