/**
 * The overview of Darshan logs without events (docs/METHOD.md "Overview heatmap"): their runtime heatmaps
 * (the HEATMAP module: bytes read and written per rank and time bin, through one interface) drawn as the
 * overview's rank × time grid. One row per (log, rank) with a heatmap record of the interface; time 0 is the
 * earliest job start. One log's bins are kept as they are; logs with other bin widths or starts are put on
 * a common grid, each bin's bytes spread over the bins it overlaps (totals kept).
 */
import type { EventLog } from '../../model/eventlog';
import type { Heatmap, Profile } from '../../model/profile';
import type { Overview, TimeOverview } from '../time/types';

export type HeatmapDirection = 'both' | 'read' | 'write';

export interface HeatmapRequest {
  /** The interface (POSIX, MPIIO, STDIO); default POSIX when there, else the first. */
  module?: string | null;
  direction?: HeatmapDirection;
  /** Bins of the common grid when logs differ (default 200). */
  bins?: number;
}

/** What the overview drew from: shown beside it (the app) instead of the event metrics. */
export interface HeatmapSource {
  module: string;
  /** Every interface the logs have heatmaps of. */
  modules: string[];
  direction: HeatmapDirection;
  /** The logs drawn and Darshan's own bin width of each (seconds). */
  logs: { source: string; binWidth: number }[];
  /** One line: where the picture comes from. */
  note: string;
}

export type HeatmapOverview = TimeOverview & { heatmap: HeatmapSource };


/** Interfaces with a heatmap in the loaded logs, in Darshan's order. */
export function heatmapModules(log: EventLog): string[] {
  const seen = new Set<string>();
  for (const p of log.profiles ?? []) for (const h of p.heatmaps) seen.add(h.module);
  const order = ['POSIX', 'MPIIO', 'STDIO'];
  return [...seen].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || (a < b ? -1 : 1));
}

/** The heatmap overview of `log`'s profiles, or null when none has a heatmap. */
export function heatmapOverview(log: EventLog, req: HeatmapRequest = {}): HeatmapOverview | null {
  const modules = heatmapModules(log);
  if (!modules.length) return null;
  const module = req.module && modules.includes(req.module) ? req.module : modules[0];
  const direction = req.direction ?? 'both';
  const parts: { p: Profile; h: Heatmap; k: number }[] = [];
  (log.profiles ?? []).forEach((p, k) => {
    for (const h of p.heatmaps) if (h.module === module) parts.push({ p, h, k });
  });
  parts.sort((a, b) => a.k - b.k || a.h.rank - b.h.rank);
  const t0 = Math.min(...parts.map((x) => x.p.start));
  const end = Math.max(...parts.map((x) => x.p.start - t0 + x.h.binWidth * x.h.write.length));
  const first = parts[0];
  const same = parts.every((x) => x.p.start === first.p.start && x.h.binWidth === first.h.binWidth);
  const bins = same ? Math.max(1, ...parts.map((x) => x.h.write.length)) : Math.max(1, req.bins ?? 200);
  const span = same ? bins * first.h.binWidth : end;
  const width = span / bins;
  const rows = parts.length;
  const cells = new Float64Array(rows * bins);
  parts.forEach(({ p, h }, r) => {
    const shift = p.start - t0;
    for (let b = 0; b < h.write.length; b++) {
      const v = (direction !== 'read' ? h.write[b] : 0) + (direction !== 'write' ? h.read[b] : 0);
      if (v > 0) spread(cells, r * bins, bins, width, shift + b * h.binWidth, h.binWidth, v);
    }
  });
  const rowSum = new Float64Array(rows);
  const binSum = new Float64Array(bins);
  let max = 0;
  for (let r = 0; r < rows; r++) {
    for (let b = 0; b < bins; b++) {
      const v = cells[r * bins + b];
      rowSum[r] += v;
      binSum[b] += v;
      if (v > max) max = v;
    }
  }
  const overview: Overview = {
    metric: 'bytes', bins, t0, span, width, aligned: false, rows,
    rowCase: Uint32Array.from(parts, (_, r) => r), rowPid: new Int32Array(rows).fill(-1), rowSide: new Uint8Array(rows),
    rowStart: Float64Array.from(parts, (x) => x.p.start - t0), cells, rowSum, binSum,
    bandwidth: binSum.map((v) => v / width), ops: new Float64Array(bins), max, events: 0,
  };
  const many = new Set(parts.map((x) => x.p)).size > 1;
  const logs = [...new Map(parts.map((x) => [x.p.source, x.h.binWidth])).entries()].map(([source, binWidth]) => ({ source, binWidth }));
  const what = direction === 'both' ? 'bytes read and written' : direction === 'read' ? 'bytes read' : 'bytes written';
  const note = `Darshan's runtime heatmap (${module}): ${what} per rank and time bin, from the log's HEATMAP module — the log has no DXT trace, so no events`;
  return {
    overview,
    rowLabels: parts.map((x) => `${many ? `${x.p.source.replace(/^.*\//, '')} ` : ''}rank ${x.h.rank}`),
    rowRank: parts.map((x) => String(x.h.rank)),
    phases: { t0, span, gap: 0, phases: [] },
    timeBase: 'epoch',
    untraced: { t0, located: false, cases: [] },
    heatmap: { module, modules, direction, logs, note },
  };
}

/**
 * Adds `v` bytes of [from, from + w) (seconds since time 0) to the row's bins of `width` seconds, by overlap;
 * the last bin it reaches takes what the others left, so the row keeps every byte.
 */
function spread(cells: Float64Array, row: number, bins: number, width: number, from: number, w: number, v: number): void {
  const near = Math.round(from / width);
  if (near < bins && Math.abs(from - near * width) < 1e-9 * width && Math.abs(w - width) < 1e-9 * width) {
    cells[row + near] += v; // the same grid: exact
    return;
  }
  const to = from + w;
  let left = v;
  let b = Math.min(bins - 1, Math.max(0, Math.floor(from / width)));
  for (; b < bins - 1 && (b + 1) * width < to; b++) {
    const part = (v * ((b + 1) * width - Math.max(from, b * width))) / w;
    cells[row + b] += part;
    left -= part;
  }
  cells[row + b] += left;
}
