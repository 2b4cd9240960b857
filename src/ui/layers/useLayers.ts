/**
 * The layer report of the current analysis (Session.layers: per activity its layers and call sites, the call
 * sites, per-layer totals), which the store asks for with each new graph's overview (AppState.layers) and every
 * component that reads it shares (the graph's hover and lanes, the Call sites tab). null while loading, and for
 * logs without stacks or layers.
 */
import { useApp } from '../appContext';
import type { LayerReport } from '../../analysis/layers/report';

export function useLayers(): { report: LayerReport | null; loading: boolean } {
  // (the report of the analysis shown: AppState.analysisNo; not of the previous one while the new one comes)
  const current = useApp((s) => (s.result !== null && s.layers !== null && s.layers.of === s.analysisNo ? s.layers : null));
  const loading = useApp((s) => s.result !== null && (s.layers === null || s.layers.of !== s.analysisNo));
  return { report: current?.report ?? null, loading };
}
