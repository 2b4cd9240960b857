/**
 * The reports slice: what the panels ask of the current analysis — the insight findings (Insights view), the
 * access patterns (Files view), the overview's drawing — as follow-ups of the loop (driver.ts); and the
 * thresholds' quick preview (Session.insights with new thresholds).
 */
import { thresholdOverrides } from '../session/view';
import type { StoreContext } from './context';
import type { AppState } from './state';

type ReportActions = Pick<AppState, 'loadInsights' | 'loadAccess' | 'setThresholds' | 'setOverview'>;

export function reportActions({ set, get, client, driver, guarded }: StoreContext): ReportActions {
  return {
    loadInsights: () =>
      guarded('Insights', async () => {
        if (!get().result || get().insightsLoading) return;
        await driver.wantReport('insights');
      }),
    loadAccess: () =>
      guarded('Access patterns', async () => {
        if (!get().result || get().accessLoading || get().accessFor === get().result) return;
        await driver.wantReport('access');
      }),
    setThresholds: (text) =>
      guarded('Insights', async () => {
        try {
          const r = await client.call('insights', [text]).promise;
          set({ view: { ...get().view, thresholds: thresholdOverrides(text) }, insights: r, thresholdsError: null });
        } catch (e) {
          if ((e as Error).name !== 'ThresholdError') throw e;
          set({ thresholdsError: (e as Error).message });
        }
      }),
    setOverview: (o) => {
      set(o); // (a new overview key: the loop asks for it)
      return guarded('Overview', () => driver.request());
    },
  };
}
