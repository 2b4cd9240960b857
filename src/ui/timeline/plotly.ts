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

/** Releases the WebGL contexts of a plot's canvases at once (the browser caps live contexts at ~16). */
export function loseWebGlContexts(root: HTMLElement): void {
  for (const canvas of Array.from(root.querySelectorAll('canvas'))) {
    for (const kind of ['webgl2', 'webgl', 'experimental-webgl'] as const) {
      let ctx: RenderingContext | null;
      try {
        ctx = canvas.getContext(kind);
      } catch {
        ctx = null;
      }
      if (ctx && 'getExtension' in ctx) {
        (ctx as WebGLRenderingContext).getExtension('WEBGL_lose_context')?.loseContext();
        break;
      }
    }
  }
}
