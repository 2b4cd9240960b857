/**
 * The records of a decompressed module region: counter tables (layouts.ts), Lustre layouts, heatmaps and
 * the DXT records (their segments are read later, straight into event columns: dxt.ts).
 */
import type { CounterTable, Heatmap } from '../../model/profile';
import { i64, u64 } from './header';
import { idKey } from './job';
import { COUNTER_MODULES, recordBytes } from './layouts';
import { cString } from './text';

export interface RegionCtx {
  le: boolean;
  names: ReadonlyMap<string, string>;
  /** The name of a record whose id has no name record. */
  unnamed(key: string): string;
}

class FileIndex {
  readonly files: string[] = [];
  private at = new Map<string, number>();
  of(name: string): number {
    let i = this.at.get(name);
    if (i === undefined) {
      i = this.files.length;
      this.files.push(name);
      this.at.set(name, i);
    }
    return i;
  }
}

const nameOf = (c: RegionCtx, key: string): string => c.names.get(key) ?? c.unnamed(key);

/** A counter module's region → its table; `trailing` = bytes left over that make no whole record. */
export function readCounters(module: string, version: number, b: Uint8Array, c: RegionCtx, partial: boolean): { table: CounterTable; trailing: number; skipped: number } | null {
  const spec = COUNTER_MODULES[module];
  const layout = spec?.layouts[version];
  if (!spec || !layout) return null;
  const size = recordBytes(layout);
  const n = Math.floor(b.length / size);
  const w = spec.names.length;
  const col = new Map(spec.names.map((s, k) => [s, k]));
  const intCol = layout.ints.map((s) => (s === null ? -1 : (col.get(s) ?? -1)));
  const floatCol = layout.floats.map((s) => (s === null ? -1 : (col.get(s) ?? -1)));
  const sums = layout.sums ? Object.entries(layout.sums).map(([slot, name]) => [Number(slot), col.get(name)!] as const) : [];
  const values = new Float64Array(n * w).fill(-1);
  const file = new Uint32Array(n);
  const rank = new Int32Array(n);
  const idx = new FileIndex();
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = c.le;
  let rows = 0;
  let skipped = 0;
  for (let r = 0; r < n; r++) {
    const at = r * size;
    const ints = at + 16 + (layout.fileRecId ? 8 : 0);
    if (layout.skipIfSlot !== undefined && i64(dv, ints + 8 * layout.skipIfSlot, le) > 0) {
      skipped++;
      continue;
    }
    const row = rows * w;
    for (let k = 0; k < intCol.length; k++) if (intCol[k] >= 0) values[row + intCol[k]] = i64(dv, ints + 8 * k, le);
    for (const [slot, k] of sums) values[row + k] = (values[row + k] < 0 ? 0 : values[row + k]) + i64(dv, ints + 8 * slot, le);
    const floats = ints + 8 * layout.ints.length;
    for (let k = 0; k < floatCol.length; k++) if (floatCol[k] >= 0) values[row + floatCol[k]] = dv.getFloat64(floats + 8 * k, le);
    file[rows] = idx.of(nameOf(c, idKey(dv, at, le)));
    rank[rows] = i64(dv, at + 8, le);
    rows++;
  }
  const table: CounterTable = { module, names: spec.names, files: idx.files, file: file.slice(0, rows), rank: rank.slice(0, rows), values: values.slice(0, rows * w), partial };
  return { table, trailing: b.length - n * size, skipped };
}

export const LUSTRE_NAMES = ['LUSTRE_NUM_COMPONENTS', 'LUSTRE_NUM_STRIPES', 'LUSTRE_STRIPE_SIZE', 'LUSTRE_STRIPE_COUNT',
  'LUSTRE_STRIPE_PATTERN', 'LUSTRE_STRIPE_OFFSET', 'LUSTRE_OSTS', 'LUSTRE_MDTS'] as const;

/**
 * Lustre layouts: version 1 = id, rank, OSTS, MDTS, STRIPE_OFFSET, STRIPE_SIZE, STRIPE_WIDTH and the OST ids;
 * version 2 = id, rank, component count, stripe count, per component 7 counters (stripe size, count,
 * pattern, flags, extent start and end, mirror id) and a 16-byte pool name, then the OST ids. The table
 * keeps the first component's stripe size and count (a component of stripe size −1 was never used).
 */
export function readLustre(version: number, b: Uint8Array, c: RegionCtx, partial: boolean): { table: CounterTable; trailing: number } | null {
  if (version !== 1 && version !== 2) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = c.le;
  const rows: number[][] = [];
  const file: number[] = [];
  const rank: number[] = [];
  const idx = new FileIndex();
  let at = 0;
  for (;;) {
    if (version === 1) {
      if (at + 56 > b.length) break;
      const width = i64(dv, at + 48, le);
      const next = at + 56 + 8 * Math.max(0, width);
      if (width < 0 || next > b.length) break;
      rows.push([1, width, i64(dv, at + 40, le), width, -1, i64(dv, at + 32, le), i64(dv, at + 16, le), i64(dv, at + 24, le)]);
      file.push(idx.of(nameOf(c, idKey(dv, at, le))));
      rank.push(i64(dv, at + 8, le));
      at = next;
    } else {
      if (at + 32 > b.length) break;
      const comps = i64(dv, at + 16, le);
      const stripes = i64(dv, at + 24, le);
      const next = at + 32 + 72 * Math.max(0, comps) + 8 * Math.max(0, stripes);
      if (comps < 0 || stripes < 0 || next > b.length) break;
      let used = 0;
      while (used < comps && i64(dv, at + 32 + 72 * used, le) !== -1) used++;
      const c0 = at + 32;
      const first = used > 0;
      rows.push([used, stripes, first ? i64(dv, c0, le) : -1, first ? i64(dv, c0 + 8, le) : -1, first ? i64(dv, c0 + 16, le) : -1, -1, -1, -1]);
      file.push(idx.of(nameOf(c, idKey(dv, at, le))));
      rank.push(i64(dv, at + 8, le));
      at = next;
    }
  }
  const w = LUSTRE_NAMES.length;
  const values = new Float64Array(rows.length * w);
  rows.forEach((r, k) => values.set(r, k * w));
  return { table: { module: 'LUSTRE', names: LUSTRE_NAMES, files: idx.files, file: Uint32Array.from(file), rank: Int32Array.from(rank), values, partial }, trailing: b.length - at };
}

/**
 * Heatmap records: id, rank, bin width (f64), bin count (i64), two pointer slots (16 bytes, meaningless in
 * a file), then the write bins and the read bins (i64 bytes each). The record's name says the interface
 * (`heatmap:POSIX`). A record one bin longer or shorter than the first is corrected as Darshan does
 * (clock skew of runs with shared reductions off, Darshan 3.4.0–3.4.3).
 */
export function readHeatmaps(b: Uint8Array, c: RegionCtx): { heatmaps: Heatmap[]; trailing: number } {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = c.le;
  const out: Heatmap[] = [];
  let at = 0;
  let firstBins = -1;
  let firstWidth = -1;
  while (at + 48 <= b.length) {
    const width = dv.getFloat64(at + 16, le);
    const nbins = i64(dv, at + 24, le);
    const next = at + 48 + 16 * nbins;
    if (nbins < 0 || next > b.length) break;
    if (firstBins < 0) {
      firstBins = nbins;
      firstWidth = width;
    }
    const keep = width === firstWidth && (nbins === firstBins + 1 || nbins === firstBins - 1) ? firstBins : nbins;
    const write = new Float64Array(keep);
    const read = new Float64Array(keep);
    for (let k = 0; k < Math.min(keep, nbins); k++) {
      write[k] = i64(dv, at + 48 + 8 * k, le);
      read[k] = i64(dv, at + 48 + 8 * (nbins + k), le);
    }
    const name = nameOf(c, idKey(dv, at, le));
    out.push({ module: name.replace(/^heatmap:/, ''), rank: i64(dv, at + 8, le), binWidth: width, write, read });
    at = next;
  }
  return { heatmaps: out, trailing: b.length - at };
}

/** One DXT record: its file and rank, and where its segments are in the region. */
export interface DxtRecord {
  layer: 'POSIX' | 'MPIIO';
  file: string;
  rank: number;
  host: string;
  writes: number;
  reads: number;
  /** Offset of the first segment in the region's bytes; segments are `segBytes` long, writes first. */
  at: number;
  segBytes: number;
}

/**
 * DXT records: id, rank, shared flag (i64), host name (64 bytes), write count, read count (i64), then the
 * segments: offset, length (i64), start, end (f64, seconds since the job's start) and, from DXT_POSIX 2 /
 * DXT_MPIIO 3 on, a thread id (8 bytes).
 */
export function scanDxt(layer: 'POSIX' | 'MPIIO', version: number, b: Uint8Array, c: RegionCtx): { records: DxtRecord[]; trailing: number } {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = c.le;
  const segBytes = (layer === 'POSIX' ? version >= 2 : version >= 3) ? 40 : 32;
  const out: DxtRecord[] = [];
  let at = 0;
  while (at + 104 <= b.length) {
    const writes = u64(dv, at + 88, le);
    const reads = u64(dv, at + 96, le);
    const next = at + 104 + segBytes * (writes + reads);
    if (next > b.length) break;
    const host = cString(b, at + 24, at + 88);
    out.push({ layer, file: nameOf(c, idKey(dv, at, le)), rank: i64(dv, at + 8, le), host, writes, reads, at: at + 104, segBytes });
    at = next;
  }
  return { records: out, trailing: b.length - at };
}
