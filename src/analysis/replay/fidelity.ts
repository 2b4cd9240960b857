/**
 * The fidelity of a replay (docs/METHOD.md "Fidelity"): per case, file and direction, the replay's traces
 * against what the replay had to do — requests, bytes, the multiset of (offset, size), their order — and per
 * file the syncs, the opens and closes of data files and the metadata calls of each kind; with a what-if,
 * also the bytes and extents the recording moved. Each check is a similarity in [0, 1]; the score is their
 * mean × 100, and every check below 1 is named. Wall and busy time are compared, not scored.
 */
import { formatBytes, formatDuration } from '../../lib/format';
import { extentRuns, mergeRanges, sameExtents } from './summary';
import { emptyDo, type CaseDo, type FileDo } from './expect';
import { META_KINDS, type OpKind } from './ops';

export interface CaseFidelity {
  index: number;
  id: string;
  /** The replay trace's case id ('' = none found). */
  trace: string;
  score: number;
  checks: number;
  differences: string[];
  time: { recordedSpan: number; replayedSpan: number; recordedDataBusy: number; replayedDataBusy: number; recordedMetaBusy: number; replayedMetaBusy: number };
}

export interface FidelityReport {
  score: number;
  checks: number;
  /** Checks below 1 (all cases). */
  failed: number;
  cases: CaseFidelity[];
  /** Replay traces that match no case of the plan. */
  extra: string[];
  /** The root the replay ran under (inferred from its traces), or null. */
  root: string | null;
}

export interface SeenCase {
  /** The trace's case id. */
  trace: string;
  files: Map<string, FileDo>;
  span: number;
  dataBusy: number;
  metaBusy: number;
}

const ratio = (a: number, b: number): number => (a === b ? 1 : Math.min(a, b) / Math.max(a, b));
const req = (r: [number, number]): string => `${formatBytes(r[1])} @ ${r[0]}`;

/** Requests in both multisets, and up to 3 examples of each side's own. */
function multiset(a: [number, number][], b: [number, number][]): { common: number; onlyA: string[]; onlyB: string[] } {
  const sa = [...a].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const sb = [...b].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let i = 0;
  let j = 0;
  let common = 0;
  const onlyA: string[] = [];
  const onlyB: string[] = [];
  while (i < sa.length || j < sb.length) {
    const c = i >= sa.length ? 1 : j >= sb.length ? -1 : sa[i][0] - sb[j][0] || sa[i][1] - sb[j][1];
    if (c === 0) {
      common++;
      i++;
      j++;
    } else if (c < 0) {
      if (onlyA.length < 3) onlyA.push(req(sa[i]));
      i++;
    } else {
      if (onlyB.length < 3) onlyB.push(req(sb[j]));
      j++;
    }
  }
  return { common, onlyA, onlyB };
}

/** Positions where the two sequences hold the same request. */
function inPlace(a: [number, number][], b: [number, number][]): number {
  let same = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i][0] === b[i][0] && a[i][1] === b[i][1]) same++;
  return same;
}

class Checks {
  n = 0;
  sum = 0;
  failed = 0;
  readonly differences: string[] = [];
  add(sim: number, text: () => string): void {
    this.n++;
    this.sum += sim;
    if (sim < 1) {
      this.failed++;
      this.differences.push(text());
    }
  }
}

function checkDir(ch: Checks, where: string, a: [number, number][], b: [number, number][]): void {
  if (!a.length && !b.length) return;
  const bytesA = a.reduce((s, r) => s + r[1], 0);
  const bytesB = b.reduce((s, r) => s + r[1], 0);
  ch.add(ratio(a.length, b.length), () => `${where}: ${a.length} requests to do, ${b.length} replayed`);
  ch.add(ratio(bytesA, bytesB), () => `${where}: ${formatBytes(bytesA)} to move, ${formatBytes(bytesB)} replayed`);
  const m = multiset(a, b);
  ch.add(Math.max(a.length, b.length) ? m.common / Math.max(a.length, b.length) : 1, () => `${where}: ${m.common} of ${Math.max(a.length, b.length)} (offset, size) in common${m.onlyA.length ? `; not replayed: ${m.onlyA.join(', ')}` : ''}${m.onlyB.length ? `; replayed, not planned: ${m.onlyB.join(', ')}` : ''}`);
  const p = inPlace(a, b);
  const n = Math.max(a.length, b.length);
  ch.add(n ? p / n : 1, () => `${where}: order: ${n - p} of ${n} requests out of place`);
}

function checkCount(ch: Checks, where: string, what: string, a: number, b: number): void {
  if (a === 0 && b === 0) return;
  ch.add(ratio(a, b), () => `${where}: ${a} ${what} to do, ${b} replayed`);
}

/** The recording's bytes and extents, which a what-if keeps (only with what-ifs: the plan is the recording otherwise). */
function checkRecorded(ch: Checks, c: CaseDo, seen: Map<string, FileDo>): void {
  for (const [path, rec] of Object.entries(c.recorded ?? {})) {
    const f = seen.get(path) ?? emptyDo();
    for (const dir of ['read', 'write'] as const) {
      const r = rec[dir];
      if (!r.requests && !f[dir].length) continue;
      const bytes = f[dir].reduce((s, x) => s + x[1], 0);
      ch.add(ratio(r.bytes, bytes), () => `${path} ${dir}: recorded ${formatBytes(r.bytes)}, replayed ${formatBytes(bytes)}`);
      const ext = extentRuns(mergeRanges(f[dir].map(([o, s]) => [o, o + s] as [number, number])));
      ch.add(sameExtents(r.extents, ext) ? 1 : 0, () => `${path} ${dir}: the replay covers other byte ranges than the recording (${r.extents?.length ?? '?'} recorded runs of ranges, ${ext.length} replayed)`);
    }
  }
}

export function checkCase(expect: CaseDo, seen: SeenCase | null, whatIfs: boolean): CaseFidelity {
  const ch = new Checks();
  const files = seen?.files ?? new Map<string, FileDo>();
  const paths = [...new Set([...expect.files.keys(), ...files.keys()])].sort();
  for (const path of paths) {
    const a = expect.files.get(path) ?? emptyDo();
    const b = files.get(path) ?? emptyDo();
    for (const dir of ['read', 'write'] as const) checkDir(ch, `${path} ${dir}`, a[dir], b[dir]);
    checkCount(ch, path, 'syncs', a.syncs, b.syncs);
    checkCount(ch, path, 'opens (data file)', a.opens, b.opens);
    checkCount(ch, path, 'closes (data file)', a.closes, b.closes);
    for (const k of ['open', 'close', 'sync', 'datasync', ...META_KINDS] as OpKind[]) checkCount(ch, path, `${k} calls`, a.meta[k] ?? 0, b.meta[k] ?? 0);
  }
  if (whatIfs) checkRecorded(ch, expect, files);
  if (!seen) ch.add(0, () => `no replay trace of this case (expected ${expect.traceCid}_HOST_${expect.traceRid}.st)`);
  return {
    index: expect.index,
    id: expect.id,
    trace: seen?.trace ?? '',
    score: ch.n ? (100 * ch.sum) / ch.n : 100,
    checks: ch.n,
    differences: ch.differences,
    time: { recordedSpan: expect.span, replayedSpan: seen?.span ?? NaN, recordedDataBusy: expect.dataBusy, replayedDataBusy: seen?.dataBusy ?? NaN, recordedMetaBusy: expect.metaBusy, replayedMetaBusy: seen?.metaBusy ?? NaN },
  };
}

/** Per case of the plan, its replay (matched by trace cid and rid), and the score of all checks. */
export function fidelity(expected: readonly CaseDo[], seen: ReadonlyMap<string, SeenCase>, whatIfs: boolean, root: string | null): FidelityReport {
  const used = new Set<string>();
  const cases = expected.map((e) => {
    const key = `${e.traceCid}\0${e.traceRid}`;
    const s = seen.get(key) ?? null;
    if (s) used.add(key);
    return checkCase(e, s, whatIfs);
  });
  let n = 0;
  let sum = 0;
  let failed = 0;
  for (const c of cases) {
    n += c.checks;
    sum += (c.score * c.checks) / 100;
    failed += c.differences.length;
  }
  const extra = [...seen.entries()].filter(([k]) => !used.has(k)).map(([, s]) => s.trace);
  return { score: n ? (100 * sum) / n : 100, checks: n, failed, cases, extra, root };
}

/** One line on a case's times: recorded vs replayed I/O span and busy time. */
export function timeLine(c: CaseFidelity): string {
  const t = c.time;
  const d = (x: number): string => (Number.isNaN(x) ? '?' : formatDuration(x));
  return `I/O span ${d(t.recordedSpan)} recorded, ${d(t.replayedSpan)} replayed; in data calls ${d(t.recordedDataBusy)} → ${d(t.replayedDataBusy)}; in metadata calls ${d(t.recordedMetaBusy)} → ${d(t.replayedMetaBusy)}`;
}
