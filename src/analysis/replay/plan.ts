/**
 * Plan a replay (docs/METHOD.md "Replay"): the view's events of the program's own files (systemFiles.ts
 * `isAppPath`: not the loader's, system or MPI runtime files) as per case an I/O log for fio (opens, closes,
 * reads and writes at their offsets, syncs) and a list of metadata operations, with the what-ifs applied and
 * the files the replay must find prepared. Pure: EventLog in, plan out.
 */
import type { EventLog } from '../../model/eventlog';
import { isAppPath } from '../systemFiles';
import { caseOps, isData, pairKinds, POSITIONED, type Op } from './ops';
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

/** A data op after its offset is settled (unknown → sequential). */
export interface DataOp {
  t: number;
  dur: number;
  dir: 'read' | 'write';
  call: string;
  path: string;
  offset: number;
  size: number;
}

/** The ops of one case split: data (with offsets), file opens/closes and syncs of data files, metadata. */
interface Split {
  seq: (DataOp | { t: number; dur: number; dir: 'open' | 'close' | 'sync' | 'datasync'; path: string; call: string })[];
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

function split(all: readonly Op[]): Split {
  const inherited = inheritedFiles(all);
  const ops = inherited.size ? all.filter((o) => !inherited.has(o.path)) : all;
  const dataFiles = new Set<string>();
  for (const o of ops) if (isData(o)) dataFiles.add(o.path);
  const pos = new Map<string, number>();
  const seq: Split['seq'] = [];
  const meta: Op[] = [];
  const pids = new Set<number>();
  let unknownOffsets = 0;
  let zeroBytes = 0;
  for (const o of ops) {
    const key = `${o.pid}\0${o.path}`;
    if (o.kind === 'read' || o.kind === 'write') {
      if (!isData(o)) {
        zeroBytes++;
        continue;
      }
      pids.add(o.pid);
      let off = o.offset;
      if (Number.isNaN(off)) {
        unknownOffsets++;
        off = pos.get(key) ?? 0;
      }
      if (!POSITIONED.has(o.call) || Number.isNaN(o.offset)) pos.set(key, off + o.size);
      seq.push({ t: o.t, dur: o.dur, dir: o.kind, call: o.call, path: o.path, offset: off, size: o.size });
    } else if (dataFiles.has(o.path) && o.errno === '' && (o.kind === 'open' || o.kind === 'close' || o.kind === 'sync' || o.kind === 'datasync')) {
      if (o.kind === 'open') pos.set(key, 0);
      seq.push({ t: o.t, dur: o.dur, dir: o.kind, path: o.path, call: o.call });
    } else meta.push(o);
  }
  return { seq, meta, unknownOffsets, zeroBytes, pids, inherited: [...inherited], inheritedOps: all.length - ops.length };
}

/** The I/O log lines: every file opened before its first use (fio needs it), a file open once at a time, all closed at the end. */
function ioLines(seq: Split['seq'], notes: string[]): IoLine[] {
  const open = new Map<string, number>();
  const io: IoLine[] = [];
  let nested = 0;
  for (const s of seq) {
    const n = open.get(s.path) ?? 0;
    if (s.dir === 'open') {
      if (n === 0) io.push({ t: s.t, path: s.path, action: 'open', offset: 0, size: 0 });
      else nested++;
      open.set(s.path, n + 1);
      continue;
    }
    if (s.dir === 'close') {
      if (n === 1) io.push({ t: s.t, path: s.path, action: 'close', offset: 0, size: 0 });
      if (n > 0) open.set(s.path, n - 1);
      continue;
    }
    if (n === 0) {
      io.push({ t: s.t, path: s.path, action: 'open', offset: 0, size: 0 });
      open.set(s.path, 1);
    }
    io.push('offset' in s ? { t: s.t, path: s.path, action: s.dir, offset: s.offset, size: s.size } : { t: s.t, path: s.path, action: s.dir, offset: 0, size: 0 });
  }
  const end = io.length ? io[io.length - 1].t : 0;
  for (const [path, n] of open) if (n > 0) io.push({ t: end, path, action: 'close', offset: 0, size: 0 });
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
  for (const ops of all)
    for (const o of ops) {
      for (let k = o.path.lastIndexOf('/'); k > 0; k = o.path.lastIndexOf('/', k - 1)) {
        const d = o.path.slice(0, k);
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
  const allOps: Op[][] = log.cases.map((_, c) => caseOps(log, c, kinds));
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
    const extent = (path: string): number => io.reduce((m, l) => (l.path === path && (l.action === 'read' || l.action === 'write') ? Math.max(m, l.offset + l.size) : m), 0);
    const meta = metaLines(s.meta, io, dirs, extent);
    events += allOps[c].length;
    if (s.unknownOffsets) notes.push(`${s.unknownOffsets} requests at an unknown offset (lseek not traced, or O_APPEND) replayed sequentially: each from where the previous request of its process and file ended (0 after an open)`);
    if (s.zeroBytes) notes.push(`${s.zeroBytes} reads/writes that moved no byte (failed, or at end of file) not replayed`);
    if (s.inherited.length) notes.push(`${s.inheritedOps} calls on ${s.inherited.length} file${s.inherited.length > 1 ? 's' : ''} it never opened in the trace, at unknown positions, not replayed (stdout or stderr redirected to a file, or a descriptor inherited): ${s.inherited.slice(0, 3).join(', ')}`);
    if (s.pids.size > 1) notes.push(`the data calls of ${s.pids.size} processes/threads replayed in their recorded order by one fio job`);
    const positioned = s.seq.filter((x) => 'offset' in x && POSITIONED.has(x.call)).length;
    const data = s.seq.filter((x) => 'offset' in x).length;
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
  if (!s.seq.some((x) => 'offset' in x) && opened > 0 && !maps.length) parts.push(`opens ${opened} file${opened > 1 ? 's' : ''} of the program but no read or write of them was traced`);
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
