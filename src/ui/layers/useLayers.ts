/**
 * The layer report of the current analysis (Session.layers: per activity its layers and call sites, the call
 * sites, per-layer totals), asked of the worker once per result and shared by every component that reads it
 * (the graph's hover and lanes, the Call sites tab). null while loading, and for logs without stacks or layers.
 */
import { useEffect, useState } from 'react';
import type { LayerReport } from '../../analysis/layers/report';
import type { AnalysisResult } from '../../analysis/types';
import { useApp } from '../appContext';

const asked = new WeakMap<AnalysisResult, Promise<LayerReport | null>>();

export function useLayers(): { report: LayerReport | null; loading: boolean } {
  const result = useApp((s) => s.result);
  const ask = useApp((s) => s.ask);
  const [got, setGot] = useState<{ for: AnalysisResult; report: LayerReport | null } | null>(null);
  useEffect(() => {
    if (!result) return;
    let p = asked.get(result);
    if (!p) {
      p = ask('layers', []).catch(() => null);
      asked.set(result, p);
    }
    let live = true;
    void p.then((report) => live && setGot({ for: result, report }));
    return () => {
      live = false;
    };
  }, [result, ask]);
  const current = got !== null && got.for === result;
  return { report: current ? got.report : null, loading: !!result && !current };
}
