/**
 * Plan a replay (docs/METHOD.md "Replay"): the view's events of the program's own files (systemFiles.ts
 * `isAppPath`: not the loader's, system or MPI runtime files) as per case an I/O log for fio (opens, closes,
 * reads and writes at their offsets, syncs) and a list of metadata operations, with the what-ifs applied and
 * the files the replay must find prepared. Pure: EventLog in, plan out.
 */
import type { EventLog } from '../../model/eventlog';
import { isAppPath } from '../systemFiles';
import { bareCalls, caseOps, isData, pairKinds, POSITIONED, type Op } from './ops';
import { opsTimes } from './expect';
import { planFiles } from './files';
import { summarise } from './summary';
import { applyWhatIfs } from './whatif';
import { NO_WHAT_IFS, type IoLine, type MetaLine, type Phase, type PlanCase, type ReplayPlan, type WhatIfs } from './types';

export interface PlanOptions {
  /** Per pair of the log: whether the view keeps it (the compiled mapping's pairAct ≥ 0); null = every pair. */
  keepPair?: ((pair: number) => boolean) | null;
  whatIfs?: Partial<WhatIfs>;
  /** Per case id: what its trace filter left out (docs/METHOD.md "Untraced time"), said in the README. */
  filterNotes?: ReadonlyMap<string, string>;
}

/** The ops of one case split: data (with offsets), file opens/closes and syncs of data files, metadata. */
interface Split {
  /** Data ops (their offsets settled: unknown → sequential) with the opens, closes and syncs of their files. */
  seq: Op[];
  meta: Op[];
  unknownOffsets: number;
  zeroBytes: number;
  pids: Set<number>;
  /** Files used only through descriptors opened before the trace (inheritedFiles), and their ops left out. */
  inherited: string[];
  inheritedOps: number;
}

/**
 * Files the case reads or writes only through descriptors it did not open in the trace, at unknown positions:
 * stdout and stderr redirected to a file, descriptors inherited from before the trace. Not replayed.
 */
export function inheritedFiles(ops: readonly Op[]): Set<string> {
  const opened = new Set<string>();
  const known = new Set<string>();
  const used = new Set<string>();
  for (const o of ops) {
    if (o.kind === 'open' && o.errno === '') opened.add(o.path);
    if (isData(o)) {
      used.add(o.path);
      if (!Number.isNaN(o.offset)) known.add(o.path);
    }
  }
  return new Set([...used].filter((p) => !opened.has(p) && !known.has(p)));
}

/** The file position per (process, file), for requests at an unknown offset. */
class Positions {
  private readonly byPath = new Map<string, { pid: number; pos: number }>();
  private readonly more = new Map<string, number>();
  get(pid: number, path: string): number {
    const e = this.byPath.get(path);
    if (e && e.pid === pid) return e.pos;
    return (e ? this.more.get(`${pid}\0${path}`) : undefined) ?? 0;
  }
  set(pid: number, path: string, pos: number): void {
    const e = this.byPath.get(path);
    if (!e) this.byPath.set(path, { pid, pos });
    else if (e.pid === pid) e.pos = pos;
    else this.more.set(`${pid}\0${path}`, pos);
  }
}

/** Splits a case's ops (they are the plan's own: data ops get their settled offset in place). */
function split(all: readonly Op[]): Split {
  const inherited = inheritedFiles(all);
  const ops = inherited.size ? all.filter((o) => !inherited.has(o.path)) : all;
  const dataFiles = new Set<string>();
  for (const o of ops) if (isData(o)) dataFiles.add(o.path);
  const pos = new Positions();
  const seq: Op[] = [];
  const meta: Op[] = [];
  const pids = new Set<number>();
  let unknownOffsets = 0;
  let zeroBytes = 0;
  for (const o of ops) {
    const k = o.kind;
    if (k === 'read' || k === 'write') {
      if (!isData(o)) {
        zeroBytes++;
        continue;
      }
      pids.add(o.pid);
      const unknown = Number.isNaN(o.offset);
      if (unknown) {
        unknownOffsets++;
        o.offset = pos.get(o.pid, o.path);
      }
      if (unknown || !POSITIONED.has(o.call)) pos.set(o.pid, o.path, o.offset + o.size);
      seq.push(o);
    } else if ((k === 'open' || k === 'close' || k === 'sync' || k === 'datasync') && o.errno === '' && dataFiles.has(o.path)) {
      if (k === 'open') pos.set(o.pid, o.path, 0);
      seq.push(o);
    } else meta.push(o);
  }
  return { seq, meta, unknownOffsets, zeroBytes, pids, inherited: [...inherited], inheritedOps: all.length - ops.length };
}

const line = (t: number, path: string, kind: IoLine['kind']): IoLine => ({ t, path, kind, offset: 0, size: 0 });

/** The I/O log lines: every file opened before its first use (fio needs it), a file open once at a time, all closed at the end. */
function ioLines(seq: readonly Op[], notes: string[]): IoLine[] {
  const open = new Map<string, number>();
  const io: IoLine[] = [];
  let nested = 0;
  for (const s of seq) {
    const n = open.get(s.path) ?? 0;
    if (s.kind === 'open') {
      if (n === 0) io.push(line(s.t, s.path, 'open'));
      else nested++;
      open.set(s.path, n + 1);
      continue;
    }
    if (s.kind === 'close') {
      if (n === 1) io.push(line(s.t, s.path, 'close'));
      if (n > 0) open.set(s.path, n - 1);
      continue;
    }
    if (n === 0) {
      io.push(line(s.t, s.path, 'open'));
      open.set(s.path, 1);
    }
    // a data op is its own line (read/write: offset and size; sync/datasync: neither is written)
    io.push(s as IoLine);
  }
  const end = io.length ? io[io.length - 1].t : 0;
  for (const [path, n] of open) if (n > 0) io.push(line(end, path, 'close'));
  if (nested) notes.push(`${nested} open${nested > 1 ? 's' : ''} of a file already open in the case replayed as one (fio keeps one descriptor per file)`);
  return io;
}

/** Directories the case treats as such (for the metadata replayer's open and unlink). */
function metaLines(meta: readonly Op[], io: readonly IoLine[], dirs: ReadonlySet<string>, maxExtent: (path: string) => number): MetaLine[] {
  const first = io.length ? io[0].t : Infinity;
  const last = io.length ? io[io.length - 1].t : Infinity;
  const phase = (t: number): Phase => (t < first ? 'pre' : t > last ? 'post' : 'during');
  const out: MetaLine[] = [];
  for (const o of meta) {
    let action = o.kind as MetaLine['action'];
    let arg = '';
    if (o.kind === 'read' || o.kind === 'write') continue;
    if (o.kind === 'open') arg = dirs.has(o.path) ? 'd' : o.errno === '' ? 'c' : o.errno === 'EEXIST' ? 'x' : 'r';
    else if (o.kind === 'unlink' && dirs.has(o.path)) action = 'rmdir';
    else if (o.kind === 'truncate') arg = String(maxExtent(o.path));
    else if (o.kind === 'chmod') arg = dirs.has(o.path) ? '755' : '644';
    out.push({ t: o.t, phase: phase(o.t), action, path: o.path, arg, call: o.call, errno: o.errno });
  }
  return out;
}

/** Paths the recording uses as directories: mkdir'd, rmdir'd, listed, opened as a listing, or parents of another path. */
export function directories(all: readonly Op[][]): Set<string> {
  const dirs = new Set<string>();
  for (const ops of all) for (const o of ops) if (o.kind === 'mkdir' || o.kind === 'rmdir' || o.kind === 'readdir') dirs.add(o.path);
  const paths = new Set<string>();
  for (const ops of all) for (const o of ops) paths.add(o.path);
  for (const p of paths) {
    for (let k = p.lastIndexOf('/'); k > 0; k = p.lastIndexOf('/', k - 1)) {
      const d = p.slice(0, k);
      if (dirs.has(d)) break;
      dirs.add(d);
    }
  }
  return dirs;
}

/** The trace-name parts of a case's replay: cid without `_`, rid as recorded or the index. */
function traceName(id: string, cid: string, rid: string, index: number): { traceCid: string; traceRid: string } {
  const clean = (s: string): string => s.replace(/[^A-Za-z0-9.+-]/g, '-') || 'case';
  return { traceCid: clean(cid || id), traceRid: rid && !rid.includes('_') ? clean(rid) : String(index) };
}

/** Per case: the files it maps into memory (their I/O is page faults, never system calls). */
function mmapped(log: EventLog, c: number): string[] {
  const out = new Set<string>();
  for (let i = log.caseOffsets[c]; i < log.caseOffsets[c + 1]; i++) {
    const p = log.pair[i];
    const call = log.calls[log.pairCall[p]];
    if (call !== 'mmap' && call !== 'mmap2') continue;
    const fp = log.paths[log.pairFp[p]];
    if (isAppPath(fp)) out.add(fp);
  }
  return [...out];
}

export function replayPlan(log: EventLog, opts: PlanOptions = {}): ReplayPlan {
  const whatIfs: WhatIfs = { ...NO_WHAT_IFS, ...opts.whatIfs };
  const keep = opts.keepPair ?? null;
  const appFp = log.paths.map(isAppPath);
  const kinds = pairKinds(log, { keepPair: (p) => appFp[log.pairFp[p]] && (keep === null || keep(p)) });
  const left: Record<string, number> = {};
  const bare = bareCalls(log);
  const allOps: Op[][] = log.cases.map((_, c) => caseOps(log, c, kinds, bare));
  const dirs = directories(allOps);
  const splits = allOps.map(split);
  const recorded = splits.map((s) => summarise(s.seq));
  const transformed = applyWhatIfs(
    log.cases.map((info, c) => ({ id: info.id, rid: info.rid, index: c, seq: splits[c].seq })),
    whatIfs,
  );
  let events = 0;
  const cases: PlanCase[] = log.cases.map((info, c) => {
    const s = splits[c];
    const notes: string[] = [...transformed.notes[c]];
    const io = ioLines(transformed.seqs[c], notes);
    const extent = (path: string): number => io.reduce((m, l) => (l.path === path && (l.kind === 'read' || l.kind === 'write') ? Math.max(m, l.offset + l.size) : m), 0);
    const meta = metaLines(s.meta, io, dirs, extent);
    events += allOps[c].length;
    if (s.unknownOffsets) notes.push(`${s.unknownOffsets} requests at an unknown offset (lseek not traced, or O_APPEND) replayed sequentially: each from where the previous request of its process and file ended (0 after an open)`);
    if (s.zeroBytes) notes.push(`${s.zeroBytes} reads/writes that moved no byte (failed, or at end of file) not replayed`);
    if (s.inherited.length) notes.push(`${s.inheritedOps} calls on ${s.inherited.length} file${s.inherited.length > 1 ? 's' : ''} it never opened in the trace, at unknown positions, not replayed (stdout or stderr redirected to a file, or a descriptor inherited): ${s.inherited.slice(0, 3).join(', ')}`);
    if (s.pids.size > 1) notes.push(`the data calls of ${s.pids.size} processes/threads replayed in their recorded order by one fio job`);
    let positioned = 0;
    let data = 0;
    for (const x of s.seq) {
      if (x.kind !== 'read' && x.kind !== 'write') continue;
      data++;
      if (POSITIONED.has(x.call)) positioned++;
    }
    const from = log.caseOffsets[c];
    const to = log.caseOffsets[c + 1];
    let end = 0;
    for (let i = from; i < to; i++) end = Math.max(end, log.start[i] + (Number.isNaN(log.dur[i]) ? 0 : log.dur[i]));
    const maps = mmapped(log, c);
    const unseen = unseenText(maps, s, opts.filterNotes?.get(info.id));
    return {
      index: c,
      id: info.id,
      cid: info.cid,
      host: info.host,
      rid: info.rid,
      ...traceName(info.id, info.cid, info.rid, c),
      wall: from < to ? end - log.start[from] : 0,
      ...opsTimes(allOps[c]),
      engine: whatIfs.pread || positioned * 2 >= data ? 'psync' : 'sync',
      io,
      meta,
      recorded: recorded[c],
      notes,
      unseen,
    };
  });
  countLeft(log, kinds, appFp, left);
  return { cases, files: planFiles(cases, dirs), whatIfs, left, events };
}

function unseenText(maps: string[], s: Split, filter: string | undefined): string | null {
  const parts: string[] = [];
  if (maps.length) parts.push(`maps ${maps.length} file${maps.length > 1 ? 's' : ''} into memory (mmap: ${maps.slice(0, 3).join(', ')}${maps.length > 3 ? ', …' : ''}): that I/O is page faults, no system call strace sees`);
  const opened = s.meta.filter((o) => o.kind === 'open' && o.errno === '').length;
  if (!s.seq.some((x) => x.kind === 'read' || x.kind === 'write') && opened > 0 && !maps.length) parts.push(`opens ${opened} file${opened > 1 ? 's' : ''} of the program but no read or write of them was traced`);
  if (filter) parts.push(filter);
  return parts.length ? parts.join('; ') : null;
}

/** Events of the log left out of the replay, by reason. */
function countLeft(log: EventLog, kinds: Uint8Array, appFp: boolean[], left: Record<string, number>): void {
  let sys = 0;
  let calls = 0;
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    if (kinds[p] !== 0) continue;
    if (appFp[log.pairFp[p]]) calls++;
    else sys++;
  }
  if (sys) left['system, runtime or no file'] = sys;
  if (calls) left['calls on the program\'s files not replayed (lseek, mmap, fcntl, …) or outside the view'] = calls;
}
