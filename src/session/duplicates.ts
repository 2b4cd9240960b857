/**
 * The same case from two sources is one case (issue #33.3): a folder that holds its own converted `.h5`
 * beside the traces it was made from, a trace copied into two folders of one load, a file added again
 * under another name. Case ids alone cannot tell (two runs may share a file name: `a.st` of run 1 and of
 * run 2), so the cases whose base ids collide are compared by their content: the event count and a digest of
 * every event (pid, call and path, errno, start and duration to the microsecond, size), summed so that the
 * order of ties does not matter (strace `-ff` parts are joined by start). Only cases that share an id are
 * digested: a load without such collisions pays one pass over the case ids.
 *
 * Of equal cases the one read from its own trace is kept (a per-file log whose report names the file it came
 * from: not a copy inside an `.h5`), then the first in load order; the others are left out before the merge,
 * and each source that lost cases is named in one note (docs/ARCHITECTURE.md "Loads").
 */
import type { CaseInfo, EventLog, FileReport } from '../model/eventlog';
import { selectCases } from '../analysis/caseSelect';

/** A per-file log and the source it was read from. */
export interface SourcedLog {
  log: EventLog;
  /** The source's name (ByteSource.name: a gzip file's without `.gz`, as its report names it). */
  name: string;
  /** The name to show (the file on disk: a gzip file's own name). */
  shown: string;
}

const FORK_FILE = /^(.*\.st)\.(\d+)$/;
/** A case id without the `#2`, `#3` … that merges give colliding ids. */
const baseId = (id: string): string => id.replace(/(#\d+)+$/, '');

/** One case as it will be loaded: the cases of strace -ff parts of one prefix are one unit (joined later). */
interface Unit {
  id: string;
  /** (log index, case index) of each part. */
  parts: [number, number][];
  events: number;
  /** Read from its own trace (not a copy inside another file): kept first. */
  own: boolean;
  /** Load order (the loaded log's cases first). */
  order: number;
  digest?: string;
}

/** 32-bit string hash (FNV-1a). */
function strHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A 32-bit mix of two words (murmur3's finaliser on their combination). */
function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A number as a word to hash: microseconds for times (a copy may round a float's last bit), NaN as -1. */
const micro = (x: number): number => (x === x ? Math.round(x * 1e6) % 4294967296 : -1);
const word = (x: number): number => (x === x ? x % 4294967296 : -1);

/** The digest of events [a, b) of `log`: two order-free sums of a hash per event. */
function digestEvents(log: EventLog, a: number, b: number, pairHash: Uint32Array, errHash: Uint32Array, acc: [number, number]): void {
  for (let i = a; i < b; i++) {
    let h = mix(pairHash[log.pair[i]], log.pid[i]);
    h = mix(h, errHash[log.errno[i]]);
    h = mix(h, micro(log.start[i]));
    h = mix(h, micro(log.dur[i]));
    h = mix(h, word(log.size[i]));
    acc[0] = (acc[0] + h) >>> 0;
    acc[1] = (acc[1] ^ mix(h, 0x5bd1e995)) >>> 0;
  }
}

/** The units of `logs` (`loaded`: the cases already loaded, kept first). */
function unitsOf(items: readonly SourcedLog[], loaded: EventLog | null): Unit[] {
  const units: Unit[] = [];
  const forks = new Map<string, Unit>();
  let order = 0;
  const all = loaded ? [{ log: loaded, name: '', shown: '' }, ...items] : items;
  all.forEach(({ log, name }, li) => {
    // the log of a trace read from its own file (not a case inside a converted .h5 that names another)
    const single = log.files.length === 1 && log.cases.length === 1 && log.files[0].name === name;
    log.cases.forEach((c, ci) => {
      const events = log.caseOffsets[ci + 1] - log.caseOffsets[ci];
      const fork = single && c.pid === null ? FORK_FILE.exec(log.files[0].name) : null;
      if (fork && log !== loaded) {
        const u = forks.get(fork[1]);
        if (u) {
          u.parts.push([li, ci]);
          u.events += events;
          return;
        }
      }
      const u: Unit = { id: baseId(c.id), parts: [[li, ci]], events, own: log === loaded || single, order: order++ };
      if (fork && log !== loaded) forks.set(fork[1], u);
      units.push(u);
    });
  });
  return units;
}

/** The digest of a unit (its parts' events). */
function digest(all: readonly EventLog[], u: Unit, hashes: Map<EventLog, [Uint32Array, Uint32Array]>): string {
  const acc: [number, number] = [0, 0];
  for (const [li, ci] of u.parts) {
    const log = all[li];
    let h = hashes.get(log);
    if (!h) {
      const pairs = new Uint32Array(log.pairCall.length);
      for (let p = 0; p < pairs.length; p++) pairs[p] = mix(strHash(log.calls[log.pairCall[p]]), strHash(log.paths[log.pairFp[p]]));
      h = [pairs, Uint32Array.from(log.errnos, strHash)];
      hashes.set(log, h);
    }
    digestEvents(log, log.caseOffsets[ci], log.caseOffsets[ci + 1], h[0], h[1], acc);
  }
  return `${u.events}:${acc[0]}:${acc[1]}`;
}

/** The name a case's source goes by in a note: the file it was read from, and the trace it was made from when that differs. */
function sourceName(all: readonly EventLog[], names: readonly string[], u: Unit): string {
  const [li, ci] = u.parts[0];
  const source = names[li];
  const report = all[li].files[all[li].cases[ci].file]?.name ?? '';
  const fork = u.parts.length > 1 ? FORK_FILE.exec(report) : null;
  if (fork) return `${fork[1]}.*`;
  return u.own || !report ? source : `${source} (its copy of ${report})`;
}

/** A log holding only the cases flagged in `keep`, and only the file reports those cases name. */
function keepCases(log: EventLog, keep: Uint8Array): EventLog {
  const cut = selectCases(log, keep);
  const used = [...new Set(cut.cases.map((c) => c.file))].sort((a, b) => a - b);
  if (used.length === log.files.length) return cut;
  const at = new Map(used.map((f, k) => [f, k]));
  const files: FileReport[] = used.map((f) => log.files[f]);
  const cases: CaseInfo[] = cut.cases.map((c) => ({ ...c, file: at.get(c.file)! }));
  return { ...cut, files, cases };
}

/** Up to `max` names, then `…`. */
const some = (names: readonly string[], max: number): string => (names.length > max ? `${names.slice(0, max).join(', ')}, … (${names.length})` : names.join(', '));

export interface Deduplicated {
  /** The logs to merge, in load order (a log whose every case was a copy is left out). */
  logs: SourcedLog[];
  /** One note per source that lost cases. */
  notes: string[];
}

/**
 * The per-file logs of a load (or an add: `loaded`, whose cases are kept) with every case that another source
 * also holds left out, and a note naming each source that lost cases and where they were loaded from instead.
 */
export function dropDuplicateCases(items: readonly SourcedLog[], loaded: EventLog | null = null): Deduplicated {
  const logs = items.map((i) => i.log);
  const all = loaded ? [loaded, ...logs] : logs;
  const names = loaded ? ['(loaded)', ...items.map((i) => i.shown)] : items.map((i) => i.shown);
  const units = unitsOf(items, loaded);
  const byId = new Map<string, Unit[]>();
  for (const u of units) {
    const list = byId.get(u.id);
    if (list) list.push(u);
    else byId.set(u.id, [u]);
  }
  const hashes = new Map<EventLog, [Uint32Array, Uint32Array]>();
  // per source that lost cases: the ids lost and the sources they were loaded from
  const lost = new Map<number, { ids: string[]; from: Set<string> }>();
  const drop = all.map((l) => new Uint8Array(l.cases.length));
  for (const list of byId.values()) {
    if (list.length < 2) continue;
    const byContent = new Map<string, Unit[]>();
    for (const u of list) {
      if (list.every((v) => v === u || v.events !== u.events)) continue;
      const d = (u.digest = digest(all, u, hashes));
      const same = byContent.get(d);
      if (same) same.push(u);
      else byContent.set(d, [u]);
    }
    for (const same of byContent.values()) {
      if (same.length < 2) continue;
      const kept = [...same].sort((a, b) => Number(b.own) - Number(a.own) || a.order - b.order)[0];
      for (const u of same) {
        if (u === kept) continue;
        for (const [li, ci] of u.parts) drop[li][ci] = 1;
        const li = u.parts[0][0];
        const entry = lost.get(li) ?? { ids: [], from: new Set<string>() };
        entry.ids.push(u.id);
        entry.from.add(kept.parts[0][0] === 0 && loaded ? 'the files already loaded' : sourceName(all, names, kept));
        lost.set(li, entry);
      }
    }
  }
  if (!lost.size) return { logs: [...items], notes: [] };
  const out: SourcedLog[] = [];
  items.forEach((item, k) => {
    const li = loaded ? k + 1 : k;
    const d = drop[li];
    const n = d.reduce((s, x) => s + x, 0);
    if (n === 0) out.push(item);
    else if (n < d.length) out.push({ ...item, log: keepCases(item.log, d.map((x) => 1 - x)) });
  });
  const notes = [...lost].map(([li, { ids, from }]) => {
    const src = names[li];
    const cases = ids.length === 1 ? `case ${ids[0]}` : `${ids.length} cases (${some(ids, 5)})`;
    const whole = drop[li].every((x) => x === 1) ? '' : ' (its other cases are loaded)';
    return `${src}: ${cases} ${ids.length === 1 ? 'holds' : 'hold'} the same events as ${some([...from], 3)}: loaded once, from ${from.size === 1 && ids.length === 1 ? 'there' : 'those'}; ${src}'s ${ids.length === 1 ? 'copy' : 'copies'} skipped${whole}`;
  });
  return { logs: out, notes };
}
