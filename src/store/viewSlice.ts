/**
 * The view slice: the settings that only change how the graph and the panels are drawn (nothing is asked of
 * the worker), the view's reset, and the dialogs' state. What is analysed changes through analysis.ts.
 */
import { DEFAULT_VIEW } from '../session/view';
import type { StoreContext } from './context';
import type { ViewSettings, ViewSlice } from './state';

type ViewActions = Omit<ViewSlice, 'view' | 'offsetFile' | 'replayDialog'>;

export function viewActions({ set, get, refs }: StoreContext): ViewActions {
  const show = (part: Partial<ViewSettings>): void => set({ view: { ...get().view, ...part } });
  return {
    resetView: () => {
      refs.linkSelection = null;
      set({ view: DEFAULT_VIEW, pendingCustom: null });
    },
    setColorMode: (colorMode) => show({ colorMode }),
    setEdgeLabel: (edgeLabel) => show({ edgeLabel }),
    setDirection: (direction) => show({ direction }),
    setGroupBy: (groupBy) => show({ groupBy }),
    setGraphFilter: ({ activities, paths, rankBy }) => show({ activities, paths, rankBy }),
    setOffsetFile: (offsetFile) => set({ offsetFile }),
    openReplay: (whatIfs = {}) => set({ replayDialog: whatIfs }),
    closeReplay: () => set({ replayDialog: null }),
  };
}
