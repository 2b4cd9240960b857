/**
 * Per-process path parts (docs/FORMATS.md, "Mapping, DFG and statistics"): `/proc/<pid>`,
 * `/proc/self` and `/proc/thread-self` → `/proc/PID`, and a path component equal to one of the case's pids
 * or to its rid → `PID`, so that the same file of different processes is one activity.
 *
 * The mapping is evaluated once per (call, fp) pair, but this rule depends on the case. It is applied to the
 * log instead: a log whose pair table has the normalised fps, built once per loaded log (the Session keeps
 * it) and only when some fp changes. Per event it costs one table lookup; only the events of pairs whose fp has a
 * candidate component (a number, a rid, `/proc/self`) are looked at per case.
 */
import type { EventLog } from '../model';
import { MappingError } from './mapping';
import { layeredLog } from './layers/layered';
import { layerRules } from './layers/rules';
import type { MappingSpec } from './types';

export const PID = 'PID';

const PROC = /^\/proc\/(?:\d+|self|thread-self)(?=\/|$)/;

/** The case-free part: `/proc/1234/maps` → `/proc/PID/maps`. */
export function normaliseProc(fp: string): string {
  return PROC.test(fp) ? fp.replace(PROC, `/proc/${PID}`) : fp;
}

/** `fp` with every component in `ids` replaced by PID (after the /proc rule). */
export function normalisePath(fp: string, ids: ReadonlySet<string>): string {
  const p = normaliseProc(fp);
  if (!p.startsWith('/') && !p.includes('/')) return p;
  const parts = p.split('/');
  let changed = p !== fp;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] !== '' && ids.has(parts[i])) {
      parts[i] = PID;
      changed = true;
    }
  }
  return changed ? parts.join('/') : fp;
}

/** Whether an fp could change for some case: a /proc/<pid|self> prefix or a component in `candidates`. */
function candidate(fp: string, candidates: ReadonlySet<string>): boolean {
  if (!fp.includes('/')) return false;
  if (PROC.test(fp)) return true;
  for (const c of fp.split('/')) if (c !== '' && candidates.has(c)) return true;
  return false;
}

/**
 * The log with per-process path parts normalised (the same log when nothing changes): a pass over all
 * events, made once per log by its LogIndex (`normalised`).
 */
export function normalisePidPaths(log: EventLog): EventLog {
  // every pid and rid of the log: a component equal to one of them may belong to some case
  const all = new Set<string>();
  for (const c of log.cases) {
    if (c.rid !== '') all.add(c.rid);
    if (c.pid !== null) all.add(String(c.pid));
  }
  // the numbers among the fps' components: only a pid equal to one of them can make an fp a candidate.
  // None, and no /proc/<pid|self> prefix or rid component either: nothing can change.
  const nums = new Set<number>();
  let maybe = false;
  for (const fp of log.paths) {
    if (!fp.includes('/')) continue;
    if (PROC.test(fp)) maybe = true;
    for (const c of fp.split('/')) {
      if (all.has(c)) maybe = true;
      else if (/^-?\d+$/.test(c) && String(Number(c)) === c) nums.add(Number(c));
    }
  }
  if (!maybe && nums.size === 0) return log;
  if (nums.size > 0) {
    // the pids of the events that equal such a number (pids come in runs: one test per run)
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of nums) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    const pidCol = log.pid;
    let last = log.n > 0 ? ~pidCol[0] : 0; // an int32 unlike the first pid
    for (let i = 0, n = log.n; i < n; i++) {
      const p = pidCol[i];
      if (p === last || p < lo || p > hi) continue;
      last = p;
      if (nums.has(p)) all.add(String(p));
    }
  }
  const candFp = new Uint8Array(log.paths.length);
  let any = false;
  for (let f = 1; f < log.paths.length; f++) {
    if (candidate(log.paths[f], all)) {
      candFp[f] = 1;
      any = true;
    }
  }
  if (!any) return log;
  const candPair = new Uint8Array(log.pairCall.length);
  for (let p = 0; p < candPair.length; p++) candPair[p] = candFp[log.pairFp[p]];

  const paths = [...log.paths];
  const pathIndex = new Map<string, number>();
  paths.forEach((s, i) => pathIndex.set(s, i));
  const pairCall = Array.from(log.pairCall);
  const pairFp = Array.from(log.pairFp);
  const pairIndex = new Map<string, number>();
  for (let p = 0; p < pairCall.length; p++) pairIndex.set(`${pairCall[p]} ${pairFp[p]}`, p);
  const internPair = (call: number, fp: string): number => {
    let f = pathIndex.get(fp);
    if (f === undefined) {
      f = paths.push(fp) - 1;
      pathIndex.set(fp, f);
    }
    const k = `${call} ${f}`;
    let p = pairIndex.get(k);
    if (p === undefined) {
      p = pairCall.push(call) - 1;
      pairFp.push(f);
      pairIndex.set(k, p);
    }
    return p;
  };

  // the pair column is copied at the first change only; old pair → new pair of the current case in a typed
  // array (reset per case through `touched`), not a Map per case
  let pair: Uint32Array | null = null;
  const P = log.pairCall.length;
  const remap = new Int32Array(P).fill(-1);
  const touched: number[] = [];
  for (let k = 0; k < log.cases.length; k++) {
    const a = log.caseOffsets[k];
    const b = log.caseOffsets[k + 1];
    let ids: Set<string> | null = null;
    for (let i = a; i < b; i++) {
      const p = log.pair[i];
      if (!candPair[p]) continue;
      let q = remap[p];
      if (q < 0) {
        if (ids === null) {
          const c = log.cases[k];
          const pids = new Set<number>(c.pid !== null ? [c.pid] : []);
          let lastPid = NaN;
          for (let j = a; j < b; j++) {
            if (log.pid[j] !== lastPid) pids.add((lastPid = log.pid[j]));
          }
          ids = new Set([...pids].map(String));
          if (c.rid !== '') ids.add(c.rid);
        }
        const fp = log.paths[log.pairFp[p]];
        const norm = normalisePath(fp, ids);
        q = norm === fp ? p : internPair(log.pairCall[p], norm);
        remap[p] = q;
        touched.push(p);
      }
      if (q !== p) {
        pair ??= new Uint32Array(log.pair);
        pair[i] = q;
      }
    }
    for (const p of touched) remap[p] = -1;
    touched.length = 0;
  }
  if (pair === null) return log;
  return { ...log, pair, paths, pairCall: Uint32Array.from(pairCall), pairFp: Uint32Array.from(pairFp) };
}

/**
 * The log the mapping `spec` is compiled against: pid-normalised, with each event's layer in its call name
 * (`layer`: analysis/layers/layered.ts), or the log itself (the Session keeps the mapping logs of what it
 * loaded: LogIndex.mapped, per mappingLogKey). Throws MappingError for an unknown mode or a bad layer rule
 * (the rules are checked even without `layer`).
 */
/** What mappingLog reads of a mapping. */
export type MappingLogSpec = Pick<MappingSpec, 'pids' | 'layer' | 'layerRules'>;

export function mappingLog(log: EventLog, spec: MappingLogSpec): EventLog {
  const pids = spec.pids ?? 'raw';
  if (pids !== 'raw' && pids !== 'normalise') throw new MappingError(`unknown per-process paths mode '${String(pids)}' (normalise or raw)`);
  try {
    layerRules(spec.layerRules);
  } catch (e) {
    throw new MappingError(e instanceof Error ? e.message : String(e));
  }
  const base = pids === 'raw' ? log : normalisePidPaths(log);
  return spec.layer ? layeredLog(base, spec.layerRules) : base;
}

/** What the mapping log of `spec` depends on ('' = the log itself). */
export function mappingLogKey(spec: MappingLogSpec): string {
  const pids = spec.pids ?? 'raw';
  return pids === 'raw' && !spec.layer ? '' : `${pids}|${spec.layer ? 1 : 0}|${(spec.layerRules ?? []).join('\n')}`;
}
