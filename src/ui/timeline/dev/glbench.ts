// Compares scattergl encodings of many horizontal bars (dev only): window.__bench(kind, bars) → ms.
import { loadPlotly } from '../plotly';

declare global {
  interface Window {
    __bench(kind: 'lines' | 'errorx' | 'markers', bars: number, type: 'linear' | 'date'): Promise<number>;
  }
}

window.__bench = async (kind, bars, type) => {
  const Plotly = await loadPlotly();
  const gd = document.getElementById('plot')!;
  Plotly.purge(gd);
  const rows = 96;
  const off = type === 'date' ? Date.UTC(2026, 0, 1) + 55315000 : 0;
  const t0 = performance.now();
  let data: object[];
  if (kind === 'lines') {
    const x = new Float64Array(bars * 3);
    const y = new Float64Array(bars * 3);
    for (let k = 0; k < bars; k++) {
      const s = off + (k / bars) * 1000;
      x[3 * k] = s; x[3 * k + 1] = s + 0.01; x[3 * k + 2] = NaN;
      y[3 * k] = k % rows; y[3 * k + 1] = k % rows; y[3 * k + 2] = NaN;
    }
    data = [{ type: 'scattergl', mode: 'lines', x, y, line: { width: 3 }, hoverinfo: 'none' }];
  } else if (kind === 'markers') {
    const x = new Float64Array(bars);
    const y = new Float64Array(bars);
    for (let k = 0; k < bars; k++) { x[k] = off + (k / bars) * 1000; y[k] = k % rows; }
    data = [{ type: 'scattergl', mode: 'markers', x, y, marker: { size: 4, color: 'rgba(0,0,0,0)' }, hoverinfo: 'none' }];
  } else {
    const x = new Float64Array(bars);
    const y = new Float64Array(bars);
    const e = new Float64Array(bars);
    for (let k = 0; k < bars; k++) { x[k] = off + (k / bars) * 1000 + 0.005; y[k] = k % rows; e[k] = 0.005; }
    data = [{ type: 'scattergl', mode: 'markers', x, y, marker: { size: 3, color: 'rgba(0,0,0,0)' }, error_x: { type: 'data', symmetric: true, array: e, thickness: 3, width: 0 }, hoverinfo: 'none' }];
  }
  await Plotly.react(gd, data as never, { width: 1200, height: 500, xaxis: { type } });
  const t1 = performance.now();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return [t1 - t0, performance.now() - t0] as never;
};
