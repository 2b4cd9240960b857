/**
 * T08 and T11: what strace could not see. T08 locates the untraced time of the cases it dominates (the gaps
 * between traced calls, src/analysis/time/gaps.ts) and says what the trace filter left out; T11 names the
 * I/O that moves data without a read or write call: a data file mapped (mmap), libaio (io_submit) and
 * io_uring (io_uring_enter) submissions, O_DIRECT opens (docs/METHOD.md "Insights", "Untraced time").
 */
import { LAYER_GAPS, untracedTime, type CaseUntraced, type UntracedTime } from '../../time/gaps';
import { isSystemPath } from '../../systemFiles';
import type { InsightsContext, Scope } from '../context';
import { formatCount, durationSlot, pct, top, topCasesOf } from '../report';
import type { RawFinding, Recommendation, Rule } from '../types';

const UNTRACED_FIX: Record<'files' | 'waits' | 'none' | 'layers', Recommendation> = {
  files: { text: 'Trace the calls where the time went: close and the fsync-type calls are in %desc (src/ui/strace.sh records %file,%desc,sync,msync,close_range)', snippet: { lang: 'sh', code: 'strace -f -tt -T -y -e trace=%file,%desc,sync,msync,close_range -o {cid}_$(hostname)_$$.st ./app' } },
  waits: { text: 'The time is in calls outside the filter (waits, sleeps, process calls) or computation: trace them too, or profile', snippet: { lang: 'sh', code: 'strace -f -tt -T -y -e trace=%file,%desc,%process,%clock,futex -o {cid}_$(hostname)_$$.st ./app' } },
  none: { text: 'No call was running: the time is computation (or I/O through mapped memory). Profile it: I/O is not the bottleneck of these cases', snippet: { lang: 'sh', code: 'perf record -g ./app && perf report' } },
  layers: { text: 'The log records only some I/O layers (Darshan DXT: POSIX and MPI-IO reads and writes; Score-P: the layers it was told to record): the gaps are computation, communication or unrecorded calls (opens, syncs, metadata). Trace one rank with strace to see which', snippet: { lang: 'sh', code: 'strace -f -tt -T -y -o {cid}_$(hostname)_$$.st ./app' } },
};

/** The log's untraced time, once per context (kept in its memo: T08 and T11 read it for every scope). */
function untracedOf(ctx: InsightsContext): UntracedTime {
  let u = ctx.memo.get('untraced') as UntracedTime | undefined;
  if (!u) ctx.memo.set('untraced', (u = untracedTime(ctx.log)));
  return u;
}

/**
 * How far the insights pass's traced time of a case (the union of its calls' intervals) can be from untraced
 * time's (wall − Σ gaps: the same quantity, summed in another order): each sum has at most 2 roundings per
 * event, each at most Number.EPSILON × the largest magnitude involved. `n` events, `end` the latest end,
 * `first` the first start, `wall` = end − first.
 */
export function tracedSlack(n: number, end: number, first: number, wall: number): number {
  return 8 * (n + 1) * Number.EPSILON * (Math.abs(end) + Math.abs(first) + Math.abs(wall) + 1);
}

/**
 * Whether T08 may name a case of the scope: one whose wall time (latest end − first start: the very numbers
 * untracedTime computes) is at least untraced_min_wall and whose traced time, by the insights pass, is not
 * above untraced_ratio of it by more than tracedSlack. When none may, the located gaps (a pass over every
 * event) are not computed: most traces are mostly traced time.
 */
function mayBeUntraced(ctx: InsightsContext, scope: Scope, t: { untraced_min_wall: number; untraced_ratio: number }): boolean {
  const { start, caseOffsets } = ctx.log;
  for (const k of scope.cases) {
    const a = caseOffsets[k];
    const n = caseOffsets[k + 1] - a;
    if (n === 0) continue;
    const end = ctx.caseEnd[k];
    const wall = end - start[a];
    if (!(wall >= t.untraced_min_wall)) continue;
    if (!(ctx.caseTraced[k] - tracedSlack(n, end, start[a], wall) >= t.untraced_ratio * wall)) return true;
  }
  return false;
}

const untraced: Rule = {
  code: 'T08',
  title: 'Untraced time',
  levels: 'when a case of at least untraced_min_wall seconds spends more than 1 − untraced_ratio of its wall time outside traced calls: HIGH when the trace left out close or fsync (the I/O calls that hold the time), WARN when it left out waits, INFO when nothing was left out (computation)',
  target: 'user',
  run(ctx, scope, t) {
    if (!ctx.hasDurations || !mayBeUntraced(ctx, scope, t)) return [];
    const u = untracedOf(ctx);
    if (!u.located) return [];
    const byCase = new Map(u.cases.map((c) => [c.case, c]));
    const hit: CaseUntraced[] = [];
    for (const k of scope.cases) {
      const c = byCase.get(k);
      if (c && c.wall >= t.untraced_min_wall && c.traced < t.untraced_ratio * c.wall) hit.push(c);
    }
    if (!hit.length) return [];
    hit.sort((a, b) => b.untraced - a.untraced || a.case - b.case);
    const files = hit.some((c) => c.missing.includes('close') || c.missing.includes('fsync'));
    const waits = !files && hit.some((c) => c.missing.length > 0);
    const recorded = new Set(Object.values(LAYER_GAPS));
    const layers = hit.every((c) => recorded.has(c.why));
    const worst = hit[0];
    const gaps = new Float64Array(ctx.log.cases.length);
    for (const c of hit) gaps[c.case] = c.untraced;
    const largest = worst.gaps[0];
    const where = largest ? `; the largest gap: ${largest.text}` : `; ${worst.why}`;
    return [{
      code: 'T08', level: files ? 'HIGH' : waits ? 'WARN' : 'INFO', target: 'user',
      message: `${hit.length === 1 ? worst.id : `${hit.length} cases`} spend${hit.length === 1 ? 's' : ''} most of the wall time outside traced calls: ${worst.id} ${durationSlot(worst.untraced)} of ${durationSlot(worst.wall)} (${pct(worst.untraced / worst.wall)})${where}`,
      details: hit.slice(0, t.top_items).map((c) => `${c.id}: untraced ${durationSlot(c.untraced)} of ${durationSlot(c.wall)} wall (${pct(c.untraced / c.wall)})${c.gaps[0] ? `, largest gap ${c.gaps[0].where}` : ''}; ${c.why}`),
      cases: topCasesOf(ctx, scope, gaps, t), files: [],
      numbers: { cases: hit.length, untraced: worst.untraced, traced: worst.traced, wall: worst.wall, largest_gap: largest?.seconds ?? 0, filtered: hit.filter((c) => c.filtered).length },
      recommendations: [UNTRACED_FIX[files ? 'files' : waits ? 'waits' : layers ? 'layers' : 'none']],
      cost: hit.reduce((s, c) => s + c.untraced, 0),
    }];
  },
};

/** The calls whose data strace does not see: the file is mapped, or the requests go through a ring. */
const MAPS = new Set(['mmap', 'mmap2']);
const OPENS = new Set(['open', 'openat', 'openat2', 'creat']);
/** Calls on a directory (an opened directory is not a data file no call read). */
const DIRS = new Set(['fchdir', 'getdents', 'getdents64']);
const IO = new Set(['read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev', 'preadv2', 'pwritev2', 'aio_pread', 'aio_pwrite', 'aio_preadv', 'aio_pwritev']);

/** A data file: a path outside the system paths (not /usr, /proc, /dev, MPI session dirs …). */
const isData = (p: string): boolean => p.startsWith('/') && !isSystemPath(p);
/** A shared library or the program: the loader maps them (not data). */
const isCode = (p: string): boolean => /\.so(\.\d+)*$/.test(p);

interface Invisible {
  mmaps: Map<string, number>;
  aio: number;
  aioFiles: Map<string, number>;
  uring: number;
  /** Data files opened that no read or write call touched (what io_uring moves, or a mapping). */
  unread: Set<string>;
  direct: Map<string, number>;
  /** Seconds in the submitting and waiting calls (io_submit, io_getevents, io_uring_enter). */
  time: number;
}

// per (call, fp) pair: what it is for T11
const K_MAP = 1; // mmap of a data file (not code)
const K_AIO = 2; // io_submit
const K_URING = 4; // io_uring_enter
const K_WAIT = 8; // io_getevents (time only)
const K_REQ = 16; // aio_* request on a data file
const K_OPEN = 32; // open of a data file
const K_TOUCH = 64; // read/write or directory call

function pairKinds(ctx: InsightsContext): Uint8Array {
  const { log } = ctx;
  const P = log.pairCall.length;
  const execs = new Set<string>();
  for (let p = 0; p < P; p++) if (log.calls[log.pairCall[p]].startsWith('execve')) execs.add(log.paths[log.pairFp[p]]);
  const out = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    const call = log.calls[log.pairCall[p]];
    const path = log.paths[log.pairFp[p]];
    const data = isData(path);
    out[p] =
      (MAPS.has(call) && data && !isCode(path) && !execs.has(path) ? K_MAP : 0) |
      (call === 'io_submit' ? K_AIO : 0) | (call === 'io_uring_enter' ? K_URING : 0) | (call === 'io_getevents' ? K_WAIT : 0) |
      (call.startsWith('aio_') && data ? K_REQ : 0) | (OPENS.has(call) && data ? K_OPEN : 0) | (IO.has(call) || DIRS.has(call) ? K_TOUCH : 0);
  }
  return out;
}

function invisibleIo(ctx: InsightsContext, scope: Scope): Map<number, Invisible> {
  const { log } = ctx;
  const kinds = pairKinds(ctx);
  const out = new Map<number, Invisible>();
  const pathOf = (p: number): string => log.paths[log.pairFp[p]];
  const add = (m: Map<string, number>, p: number, n = 1): void => void m.set(pathOf(p), (m.get(pathOf(p)) ?? 0) + n);
  // no pair of such a call (most traces): no event to look at, only the O_DIRECT opens of each case
  const MASK = K_MAP | K_AIO | K_URING | K_WAIT | K_REQ;
  let anyKind = false;
  for (let p = 0; p < kinds.length && !anyKind; p++) anyKind = (kinds[p] & MASK) !== 0;
  for (const k of scope.cases) {
    let v: Invisible | null = null;
    const a = log.caseOffsets[k];
    const b = log.caseOffsets[k + 1];
    for (let i = a, end = anyKind ? b : a; i < end; i++) {
      const p = log.pair[i];
      const kind = kinds[p] & MASK;
      if (kind === 0) continue;
      v ??= { mmaps: new Map(), aio: 0, aioFiles: new Map(), uring: 0, unread: new Set(), direct: new Map(), time: 0 };
      if (kind & K_MAP) add(v.mmaps, p);
      if (kind & K_REQ) add(v.aioFiles, p);
      if (kind & K_AIO) v.aio++;
      if (kind & K_URING) v.uring++;
      if (kind & (K_AIO | K_URING | K_WAIT)) {
        const d = log.dur[i];
        if (d === d) v.time += d;
      }
    }
    for (const d of log.files[log.cases[k].file]?.direct ?? []) if (isData(d.path)) (v ??= { mmaps: new Map(), aio: 0, aioFiles: new Map(), uring: 0, unread: new Set(), direct: new Map(), time: 0 }).direct.set(d.path, d.opens);
    if (v === null) continue;
    out.set(k, v);
    if (!v.uring && !v.mmaps.size) continue;
    // the data files opened that no read, write or directory call touched (what the ring or a mapping moved)
    const opened = new Set<number>();
    const touched = new Set<number>();
    for (let i = a; i < b; i++) {
      const p = log.pair[i];
      if (kinds[p] & K_OPEN && log.errno[i] === 0) opened.add(log.pairFp[p]);
      if (kinds[p] & K_TOUCH) touched.add(log.pairFp[p]);
    }
    for (const fp of opened) if (!touched.has(fp)) v.unread.add(log.paths[fp]);
  }
  return out;
}

/** invisibleIo, once per context and scope (kept in the context's memo). */
function invisibleOf(ctx: InsightsContext, scope: Scope): Map<number, Invisible> {
  const key = `T11|${scope.cases.join(',')}`;
  let v = ctx.memo.get(key) as Map<number, Invisible> | undefined;
  if (!v) ctx.memo.set(key, (v = invisibleIo(ctx, scope)));
  return v;
}

/** Whether a case of the scope moves data strace cannot see (a mapped data file, io_uring): P01–P04 then do not judge. */
export function movesUnseen(ctx: InsightsContext, scope: Scope): boolean {
  for (const v of invisibleOf(ctx, scope).values()) if (v.mmaps.size || v.uring) return true;
  return false;
}

const invisible: Rule = {
  code: 'T11',
  title: 'I/O strace cannot see',
  levels: 'WARN when a case maps a data file (mmap) or submits io_uring requests: the data it moves is in no read or write call; INFO for libaio (the requests are read from io_submit, their completion is not) and O_DIRECT opens',
  target: 'user',
  run(ctx, scope, t) {
    const inv = invisibleOf(ctx, scope);
    if (!inv.size) return [];
    const mmaps = new Map<string, number>();
    const aioFiles = new Map<string, number>();
    const unread = new Map<string, number>();
    const direct = new Map<string, number>();
    let aio = 0;
    let uring = 0;
    let cost = 0;
    const caseCost = new Float64Array(ctx.log.cases.length);
    const untr = ctx.hasDurations ? untracedOf(ctx) : null;
    const untrOf = new Map(untr?.cases.map((c) => [c.case, c.untraced]) ?? []);
    for (const [k, v] of inv) {
      for (const [p, n] of v.mmaps) mmaps.set(p, (mmaps.get(p) ?? 0) + n);
      for (const [p, n] of v.aioFiles) aioFiles.set(p, (aioFiles.get(p) ?? 0) + n);
      for (const [p, n] of v.direct) direct.set(p, (direct.get(p) ?? 0) + n);
      if (v.uring || v.mmaps.size) for (const p of v.unread) unread.set(p, (unread.get(p) ?? 0) + 1);
      aio += v.aio;
      uring += v.uring;
      // the time whose I/O is unseen: in the submitting/waiting calls, and untraced time (page faults of a mapping)
      const c = v.time + (v.mmaps.size || v.uring ? (untrOf.get(k) ?? 0) : 0);
      caseCost[k] = c;
      cost += c;
    }
    const parts: string[] = [];
    if (mmaps.size) parts.push(`maps ${mmaps.size} data file(s) (${formatCount([...mmaps.values()].reduce((a, b) => a + b, 0))} mmap), whose reads and writes are memory accesses`);
    if (uring) parts.push(`submits ${formatCount(uring)} io_uring_enter on the ring's file descriptor, whose requests strace does not print${unread.size ? ` (data files opened but never read or written by a call: ${[...unread.keys()].slice(0, 3).join(', ')})` : ''}`);
    if (aio) parts.push(`submits ${formatCount(aio)} io_submit (libaio): their ${formatCount([...aioFiles.values()].reduce((a, b) => a + b, 0))} requests are read from strace's print of them (aio_pread/aio_pwrite events with file, size and offset), their completion times are not`);
    if (direct.size) parts.push(`opens ${direct.size} data file(s) with O_DIRECT (${formatCount([...direct.values()].reduce((a, b) => a + b, 0))} opens): the page cache is bypassed`);
    const moves = mmaps.size > 0 || uring > 0;
    const files = top([...mmaps, ...aioFiles, ...[...unread].filter(([p]) => !mmaps.has(p)), ...[...direct].filter(([p]) => !mmaps.has(p) && !aioFiles.has(p) && !unread.has(p))], t);
    const f: RawFinding = {
      code: 'T11', level: moves ? 'WARN' : 'INFO', target: 'user',
      message: `${inv.size} case(s) move data strace cannot see: ${parts.join('; ')}${moves ? '. The bytes and request sizes of these files are not in the trace: read/write balance and sizes are judged without them' : ''}`,
      details: [...inv].slice(0, t.top_items).map(([k, v]) => `${ctx.log.cases[k].id}: ${[v.mmaps.size ? `mmap of ${[...v.mmaps.keys()].join(', ')}` : '', v.uring ? `${formatCount(v.uring)} io_uring_enter` : '', v.aio ? `${formatCount(v.aio)} io_submit` : '', v.direct.size ? `O_DIRECT: ${[...v.direct.keys()].join(', ')}` : ''].filter(Boolean).join('; ')}`),
      cases: topCasesOf(ctx, scope, caseCost, t), files,
      numbers: { cases: inv.size, mapped_files: mmaps.size, io_uring_enter: uring, io_submit: aio, aio_requests: [...aioFiles.values()].reduce((a, b) => a + b, 0), direct_files: direct.size },
      recommendations: [{ text: 'Measure this I/O where it happens: the application\'s own counters, fio\'s output, or perf/blktrace (Darshan does not see mmap or io_uring either) for the block layer; strace shows the setup calls only', snippet: { lang: 'sh', code: 'perf trace -s ./app        # page faults and syscalls\nblktrace -d /dev/sdX -o - | blkparse -i -   # what reaches the device' } }],
      cost: ctx.hasDurations ? cost : null,
    };
    return [f];
  },
};

export const UNTRACED_RULES: Rule[] = [untraced, invisible];
