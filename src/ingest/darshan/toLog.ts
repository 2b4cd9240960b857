/**
 * DarshanData → EventLog: the DXT segments become events, one case per rank (`{exe}_{host}_{rank}`), call
 * = layer + operation (`POSIX write`, `MPIIO read`, …), fp = the file's name record, size, offset, start
 * (job start + the segment's start: epoch seconds), duration; the layer in the layer column. The counters,
 * the job header and the heatmaps ride along as the log's Profile. docs/FORMATS.md "Darshan logs".
 */
import type { CaseInfo, EventLog, FileReport } from '../../model/eventlog';
import { Interner, PairTable } from '../../model/interner';
import type { CounterTable, Profile } from '../../model/profile';
import { i64 } from './header';
import type { DarshanData } from './read';
import type { DxtRecord } from './records';

export const LAYERS = ['POSIX', 'MPIIO'] as const;

/** The executable's base name, as the cid of the log's cases (`_` would split a case id: `-`). */
export function exeName(exe: string): string {
  const first = exe.trim().split(/\s+/)[0] ?? '';
  const base = first.replace(/^.*\//, '') || 'darshan';
  return base.replace(/_/g, '-');
}

/**
 * The MPI-IO call of a rank's DXT operations on a file, where its counters say which one all of them were
 * (`write_all` for collective writes, `iwrite` non-blocking, `write_split` split collective); plain
 * `write` / `read` otherwise. DXT itself records only read or write.
 */
function mpiioCalls(tables: readonly CounterTable[]): (file: string, rank: number, op: 'read' | 'write') => string {
  const t = tables.find((x) => x.module === 'MPI-IO');
  if (!t) return (_f, _r, op) => op;
  const w = t.names.length;
  const k = (n: string): number => t.names.indexOf(n);
  const rows = new Map<string, number>();
  for (let r = 0; r < t.rank.length; r++) rows.set(`${t.rank[r]}\u0000${t.files[t.file[r]]}`, r);
  const kinds = {
    write: [['INDEP_WRITES', 'write'], ['COLL_WRITES', 'write_all'], ['SPLIT_WRITES', 'write_split'], ['NB_WRITES', 'iwrite']],
    read: [['INDEP_READS', 'read'], ['COLL_READS', 'read_all'], ['SPLIT_READS', 'read_split'], ['NB_READS', 'iread']],
  } as const;
  return (file, rank, op) => {
    const r = rows.get(`${rank}\u0000${file}`);
    if (r === undefined) return op;
    const used = kinds[op].filter(([c]) => t.values[r * w + k(`MPIIO_${c}`)] > 0);
    return used.length === 1 ? used[0][1] : op;
  };
}

export function toEventLog(name: string, bytes: number, d: DarshanData): EventLog {
  const { job } = d;
  const exe = exeName(job.exe);
  const byRank = new Map<number, DxtRecord[]>();
  const regionOf = new Map<DxtRecord, { bytes: Uint8Array }>();
  let n = 0;
  for (const region of d.dxt) {
    for (const rec of region.records) {
      let l = byRank.get(rec.rank);
      if (!l) byRank.set(rec.rank, (l = []));
      l.push(rec);
      regionOf.set(rec, region);
      n += rec.writes + rec.reads;
    }
  }
  const calls = new Interner();
  const paths = new Interner(['']);
  const pairs = new PairTable();
  const pid = new Int32Array(n);
  const pair = new Uint32Array(n);
  const start = new Float64Array(n);
  const dur = new Float64Array(n);
  const size = new Float64Array(n);
  const offset = new Float64Array(n);
  const layer = new Uint8Array(n);
  const cases: CaseInfo[] = [];
  const caseOffsets = [0];
  const hosts: Record<number, string> = {};
  const caseOfRank: Record<number, string> = {};
  const mpiio = mpiioCalls(d.tables);
  const le = d.header.littleEndian;
  let i = 0;
  for (const rank of [...byRank.keys()].sort((a, b) => a - b)) {
    const recs = byRank.get(rank)!;
    const host = recs.find((r) => r.host)?.host ?? 'unknown';
    const id = `${exe}_${host}_${rank}`;
    hosts[rank] = host;
    caseOfRank[rank] = id;
    cases.push({ id, cid: exe, host, rid: String(rank), file: 0, pid: null });
    const from = i;
    for (const rec of recs) {
      const fp = paths.intern(rec.file);
      const lay = rec.layer === 'POSIX' ? 0 : 1;
      const opName = (op: 'read' | 'write'): string => `${rec.layer} ${rec.layer === 'MPIIO' ? mpiio(rec.file, rank, op) : op}`;
      const wPair = pairs.intern(calls.intern(opName('write')), fp);
      const rPair = rec.reads ? pairs.intern(calls.intern(opName('read')), fp) : 0;
      const total = rec.writes + rec.reads;
      pid.fill(rank, i, i + total);
      pair.fill(wPair, i, i + rec.writes);
      pair.fill(rPair, i + rec.writes, i + total);
      layer.fill(lay, i, i + total);
      segments(views(regionOf.get(rec)!.bytes, le), rec, total, i, job.start, { start, dur, size, offset });
      i += total;
    }
    sortCase(from, i, start, [pid, pair, dur, size, offset, layer]);
    caseOffsets.push(i);
  }
  const report: FileReport = {
    name, format: 'darshan', bytes, lines: 0, events: n, dropped: {}, unparsable: [], flags: null, warnings: [...d.warnings],
  };
  if (!d.dxt.length) report.warnings.push('this log has no DXT trace (so no events): enable DXT_ENABLE_IO_TRACE=1 when the job runs to get one');
  const profile: Profile = {
    source: name, format: 'darshan', version: d.header.version, exe: job.exe, nprocs: job.nprocs, jobid: job.jobid, uid: job.uid,
    start: job.start, end: job.end, metadata: job.metadata, mounts: job.mounts, modules: d.modules, tables: d.tables,
    heatmaps: d.heatmaps, hosts, caseOfRank, hasDxt: d.dxt.length > 0,
  };
  return {
    n, timeBase: 'epoch', pid, pair, errno: new Uint16Array(n), start, dur, size, line: new Uint32Array(n), offset,
    cases, caseOffsets: Uint32Array.from(caseOffsets), calls: calls.list, paths: paths.list, errnos: [''],
    pairCall: Uint32Array.from(pairs.call), pairFp: Uint32Array.from(pairs.fp), files: [report],
    layer, layerNames: LAYERS, profiles: [profile],
  };
}

type Col = Int32Array | Uint32Array | Float64Array | Uint8Array;

/** Typed views of a region's bytes: whole 8-byte words when the bytes are little-endian and 8-aligned. */
interface Views {
  dv: DataView;
  le: boolean;
  words: { f64: Float64Array; u32: Uint32Array; i32: Int32Array } | null;
}

const viewCache = new WeakMap<Uint8Array, Views>();

function views(b: Uint8Array, le: boolean): Views {
  let v = viewCache.get(b);
  if (!v) {
    const aligned = le && b.byteOffset % 8 === 0;
    const n = b.byteLength >> 3;
    v = { dv: new DataView(b.buffer, b.byteOffset, b.byteLength), le, words: aligned ? { f64: new Float64Array(b.buffer, b.byteOffset, n), u32: new Uint32Array(b.buffer, b.byteOffset, 2 * n), i32: new Int32Array(b.buffer, b.byteOffset, 2 * n) } : null };
    viewCache.set(b, v);
  }
  return v;
}

/**
 * A record's segments (offset, length: i64; start, end: f64, seconds since `t0`) into the event columns
 * from `i` on. An offset below 0 is unknown (NaN); an end before the start gives no duration (NaN).
 */
function segments(v: Views, rec: DxtRecord, total: number, i: number, t0: number, c: { start: Float64Array; dur: Float64Array; size: Float64Array; offset: Float64Array }): void {
  const { start, dur, size, offset } = c;
  const w = v.words;
  if (w && rec.at % 8 === 0 && rec.segBytes % 8 === 0) {
    const { f64, u32, i32 } = w;
    const step = rec.segBytes >> 3;
    for (let s = 0, q = rec.at >> 3; s < total; s++, q += step) {
      const off = i32[2 * q + 1] * 4294967296 + u32[2 * q];
      const len = i32[2 * q + 3] * 4294967296 + u32[2 * q + 2];
      const a = f64[q + 2];
      const b = f64[q + 3];
      start[i + s] = t0 + a;
      dur[i + s] = b >= a ? b - a : NaN;
      size[i + s] = len > 0 ? len : 0;
      offset[i + s] = off >= 0 ? off : NaN;
    }
    return;
  }
  const { dv, le } = v;
  for (let s = 0, at = rec.at; s < total; s++, at += rec.segBytes) {
    const off = i64(dv, at, le);
    const a = dv.getFloat64(at + 16, le);
    const b = dv.getFloat64(at + 24, le);
    start[i + s] = t0 + a;
    dur[i + s] = b >= a ? b - a : NaN;
    size[i + s] = Math.max(0, i64(dv, at + 8, le));
    offset[i + s] = off >= 0 ? off : NaN;
  }
}

/** Stable sort of events [a, b) by start (the records of a rank come file by file). */
function sortCase(a: number, b: number, start: Float64Array, cols: Col[]): void {
  let sorted = true;
  for (let k = a + 1; k < b; k++) {
    if (start[k] < start[k - 1]) {
      sorted = false;
      break;
    }
  }
  if (sorted) return;
  const m = b - a;
  const idx = new Uint32Array(m);
  for (let k = 0; k < m; k++) idx[k] = a + k;
  idx.sort((x, y) => start[x] - start[y] || x - y);
  for (const col of [start, ...cols]) {
    const tmp = col.slice(a, b);
    for (let k = 0; k < m; k++) col[a + k] = tmp[idx[k] - a];
  }
}
