/**
 * What a case's replay does, per file (docs/METHOD.md "Fidelity"): its reads and writes as (offset, size) in
 * order, its syncs, the opens and closes of its data files, and its metadata calls counted by kind. Made
 * from a plan (what the replay must do), and from a replay's own traces (what it did), so that the check
 * compares like with like.
 */
import { bareCalls, caseOps, isData, pairKinds, type Op, type OpKind } from './ops';
import type { EventLog } from '../../model/eventlog';
import type { FileSummary, IoLine, MetaLine } from './types';

export interface FileDo {
  read: [number, number][];
  write: [number, number][];
  syncs: number;
  opens: number;
  closes: number;
  /** Metadata calls by kind. */
  meta: Partial<Record<OpKind, number>>;
}

export interface CaseDo {
  /** The replay case index, the recorded case id and its trace name parts. */
  index: number;
  id: string;
  traceCid: string;
  traceRid: string;
  files: Map<string, FileDo>;
  /** Seconds from the first kept call's start to the last one's end; busy = in data / metadata calls (NaN: unknown). */
  span: number;
  dataBusy: number;
  metaBusy: number;
  /** The recording's data per file (for a what-if: what it must keep). */
  recorded?: Record<string, FileSummary>;
}

export const emptyDo = (): FileDo => ({ read: [], write: [], syncs: 0, opens: 0, closes: 0, meta: {} });

function fileOf(files: Map<string, FileDo>, path: string): FileDo {
  let f = files.get(path);
  if (!f) files.set(path, (f = emptyDo()));
  return f;
}

const bump = (f: FileDo, k: OpKind): void => void (f.meta[k] = (f.meta[k] ?? 0) + 1);

/** What a planned case must do: its I/O log (fio) and its metadata list (the metadata replayer). */
export function expectedDo(io: readonly IoLine[], meta: readonly MetaLine[]): Map<string, FileDo> {
  const files = new Map<string, FileDo>();
  for (const l of io) {
    const f = fileOf(files, l.path);
    if (l.kind === 'read' || l.kind === 'write') f[l.kind].push([l.offset, l.size]);
    else if (l.kind === 'sync' || l.kind === 'datasync') f.syncs++;
    else if (l.kind === 'open') f.opens++;
    else f.closes++;
  }
  for (const m of meta) bump(fileOf(files, m.path), m.action);
  return files;
}

/** Pids of a case that ran the metadata replayer (they read its list, `meta/caseK.tsv`). */
function metaPids(log: EventLog, c: number, listFp: Uint8Array): Set<number> {
  const pids = new Set<number>();
  for (let i = log.caseOffsets[c]; i < log.caseOffsets[c + 1]; i++) if (listFp[log.pairFp[log.pair[i]]] === 1) pids.add(log.pid[i]);
  return pids;
}

/** A replay trace's path → the recorded path it replays, or null (not a file of the replay). */
export type Unroot = (fp: string) => string | null;

/** What each case of a replay's traces did, on the files of the replay (paths mapped back by `unroot`). */
export function seenDo(log: EventLog, unroot: Unroot): { c: number; files: Map<string, FileDo>; span: number; dataBusy: number; metaBusy: number }[] {
  const back = log.paths.map((p) => unroot(p));
  const listFp = Uint8Array.from(log.paths, (p) => (/\/meta\/case\d+\.tsv$/.test(p) ? 1 : 0));
  const kinds = pairKinds(log, { keepPair: (p) => back[log.pairFp[p]] !== null });
  const bare = bareCalls(log);
  return log.cases.map((_, c) => {
    const meta = metaPids(log, c, listFp);
    const ops = caseOps(log, c, kinds, bare).map((o) => ({ ...o, path: unroot(o.path)! }));
    return { c, ...doOf(ops, meta) };
  });
}

/** The ops of a replay case: data by the processes that are not the metadata replayer, metadata by it. */
function doOf(ops: readonly Op[], meta: ReadonlySet<number>): { files: Map<string, FileDo>; span: number; dataBusy: number; metaBusy: number } {
  const files = new Map<string, FileDo>();
  let first = Infinity;
  let last = -Infinity;
  let dataBusy = 0;
  let metaBusy = 0;
  for (const o of ops) {
    const byMeta = meta.has(o.pid);
    if (!byMeta && !isData(o) && o.kind !== 'sync' && o.kind !== 'datasync' && o.kind !== 'open' && o.kind !== 'close') continue;
    if (!byMeta && (o.kind === 'read' || o.kind === 'write') && !isData(o)) continue;
    const f = fileOf(files, o.path);
    first = Math.min(first, o.t);
    last = Math.max(last, o.t + (Number.isNaN(o.dur) ? 0 : o.dur));
    if (byMeta) {
      bump(f, o.kind);
      metaBusy += o.dur;
      continue;
    }
    if (o.kind === 'read' || o.kind === 'write') {
      f[o.kind].push([o.offset, o.size]);
      dataBusy += o.dur;
    } else if (o.kind === 'sync' || o.kind === 'datasync') {
      f.syncs++;
      dataBusy += o.dur;
    } else if (o.kind === 'open') {
      if (o.errno === '') f.opens++;
    } else if (o.errno === '') f.closes++;
  }
  return { files, span: last > first ? last - first : 0, dataBusy, metaBusy };
}

/** The span and busy times of a recorded case's kept ops (the same definitions as a replay's: the opens and closes of
 * the files it reads or writes are neither). */
export function opsTimes(ops: readonly Op[]): { span: number; dataBusy: number; metaBusy: number } {
  const data = new Set<string>();
  for (const o of ops) if (isData(o)) data.add(o.path);
  let first = Infinity;
  let last = -Infinity;
  let dataBusy = 0;
  let metaBusy = 0;
  for (const o of ops) {
    if ((o.kind === 'read' || o.kind === 'write') && !isData(o)) continue;
    first = Math.min(first, o.t);
    last = Math.max(last, o.t + (Number.isNaN(o.dur) ? 0 : o.dur));
    if (isData(o) || o.kind === 'sync' || o.kind === 'datasync') dataBusy += o.dur;
    else if (!((o.kind === 'open' || o.kind === 'close') && data.has(o.path))) metaBusy += o.dur;
  }
  return { span: last > first ? last - first : 0, dataBusy, metaBusy };
}

/**
 * The root a replay ran under, from its traces' paths: the prefix before a recorded path (or a mapped name),
 * the most frequent one; null when no path of the traces ends with one.
 */
export function inferRoot(paths: readonly string[], recorded: ReadonlySet<string>): string | null {
  const votes = new Map<string, number>();
  for (const p of paths) {
    if (!p.startsWith('/')) continue;
    for (let k = p.indexOf('/', 1); k > 0; k = p.indexOf('/', k + 1)) {
      if (recorded.has(p.slice(k))) {
        const root = p.slice(0, k);
        votes.set(root, (votes.get(root) ?? 0) + 1);
        break;
      }
    }
  }
  let best: string | null = null;
  let n = 0;
  for (const [r, v] of votes) if (v > n || (v === n && best !== null && r.length < best.length)) [best, n] = [r, v];
  return best;
}

/** Maps replay paths back: `ROOT/a/b` → `/a/b`, `ROOT/.strace-dfg/N` → its recorded path. */
export function unrootWith(root: string, names: ReadonlyMap<string, string>): Unroot {
  const pre = root + '/';
  return (fp) => {
    if (!fp.startsWith(pre)) return null;
    const name = fp.slice(pre.length);
    return names.get(name) ?? null;
  };
}
