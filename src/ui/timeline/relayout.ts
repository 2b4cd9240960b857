/**
 * The x-range of a Plotly relayout event (a zoom, a pan, a double-click): `[from, to]` in axis units, null
 * for the whole axis (autorange), undefined when the event says nothing usable of the x-axis (a y-only
 * change, a drag mode, an empty or reversed range).
 */
export function relayoutRange(e: Record<string, unknown>): [number, number] | null | undefined {
  if (e['xaxis.autorange'] === true) return null;
  let r: [number, number];
  if (e['xaxis.range[0]'] !== undefined && e['xaxis.range[1]'] !== undefined) r = [Number(e['xaxis.range[0]']), Number(e['xaxis.range[1]'])];
  else if (Array.isArray(e['xaxis.range'])) r = [Number(e['xaxis.range'][0]), Number(e['xaxis.range'][1])];
  else return undefined;
  return r[0] < r[1] ? r : undefined;
}

/** The two ranges differ by no more than a billionth of their width (Plotly repeats a range it was given). */
export function sameRange(a: readonly [number, number] | null, b: readonly [number, number]): boolean {
  return a !== null && Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) <= 1e-9 * Math.abs(b[1] - b[0]);
}
