/** Plotly, loaded lazily (one ~1.6 MB chunk fetched the first time a timeline opens). */
import type * as PlotlyTypes from 'plotly.js';

export type PlotlyApi = typeof PlotlyTypes;

let loading: Promise<PlotlyApi> | null = null;

export function loadPlotly(): Promise<PlotlyApi> {
  if (!loading) {
    loading = import('plotly.js-gl2d-dist-min').then((m) => ((m as unknown as { default?: PlotlyApi }).default ?? (m as unknown as PlotlyApi)));
    loading.catch(() => {
      loading = null; // let a later attempt retry
    });
  }
  return loading;
}

interface GlCanvasDatum {
  regl?: { _gl?: WebGLRenderingContext };
}

/**
 * Releases the WebGL contexts of a plot at once (browsers keep ~16 live contexts and then drop the oldest;
 * garbage collection of purged plots is not immediate). Plotly keeps them in the private
 * `_fullLayout._glcanvas` selection (one regl context per drawn layer; the pick layer has none). Only
 * existing contexts are touched: calling getContext on a bare canvas would create one.
 */
export function loseWebGlContexts(root: HTMLElement): number {
  const fl = (root as unknown as { _fullLayout?: { _glcanvas?: { data?: () => GlCanvasDatum[] } } })._fullLayout;
  let lost = 0;
  try {
    for (const d of fl?._glcanvas?.data?.() ?? []) {
      const ext = d.regl?._gl?.getExtension('WEBGL_lose_context');
      if (ext) {
        ext.loseContext();
        lost++;
      }
    }
  } catch {
    // private API changed: Plotly.purge still releases them eventually
  }
  return lost;
}
