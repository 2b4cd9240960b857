/**
 * Merging per-file logs into one (what a load on a parse pool does): the names and (call, fp) pairs of each
 * log interned in merge order, then the columns copied with the ids remapped. A LogMerger interns each log
 * when it is added, so a load can add the files as they come in (in their merge order) and work with the
 * merged ids before the merge itself (src/session/readFiles.ts: the per-pair sums).
 */
import { allocColumns, type EventLog, type TimeBase } from './eventlog';
import type { ColumnsAhead } from './columnsAhead';
import { Interner, PairTable } from './interner';
import type { Profile } from './profile';
import { StackInterner, remapStacks, stackColumn } from './stacks';
import { uniqueId } from './transform';

function remapTable(into: Interner, table: readonly string[]): Uint32Array {
  const m = new Uint32Array(table.length);
  for (let i = 0; i < table.length; i++) m[i] = into.intern(table[i]);
  return m;
}

/** The time base of a merged log, and a warning when the parts disagree. */
function mergeTimeBase(logs: readonly EventLog[]): { timeBase: TimeBase; warning: string | null } {
  const kinds = new Set(logs.filter((l) => l.n > 0).map((l) => l.timeBase));
  if (kinds.size <= 1) return { timeBase: kinds.values().next().value ?? logs[0]?.timeBase ?? 'none', warning: null };
  const order: TimeBase[] = ['epoch', 'clock', 'relative', 'none'];
  const timeBase = order.find((k) => kinds.has(k)) ?? 'none';
  return { timeBase, warning: `files have different time bases (${[...kinds].join(', ')}): timelines and mc across them are not comparable` };
}

/** What a log added to a LogMerger maps to: its pair ids and errno ids in the merged log. */
export interface MergeMaps {
  pairMap: Uint32Array;
  errMap: Uint32Array;
  /** Its stack ids in the merged log (null: the log has no stacks). */
  stackMap: Uint32Array | null;
}

export class LogMerger {
  private readonly calls = new Interner();
  private readonly paths = new Interner(['']);
  private readonly errnos = new Interner(['']);
  private readonly pairTable = new PairTable();
  /** The merged stacks: made when a log with stacks is added. */
  private stacks: StackInterner | null = null;
  private readonly added: EventLog[] = [];
  private readonly maps: MergeMaps[] = [];

  /** The logs added so far, in merge order. */
  get logs(): readonly EventLog[] {
    return this.added;
  }

  /** The (call, fp) pairs and errnos interned so far (their ids are final: later logs only add to them). */
  get pairs(): number {
    return this.pairTable.size;
  }

  get errnoCount(): number {
    return this.errnos.list.length;
  }

  /** Interns the names and pairs of `l`, the next log in merge order; its ids in the merged log. */
  add(l: EventLog): MergeMaps {
    const callMap = remapTable(this.calls, l.calls);
    const pathMap = remapTable(this.paths, l.paths);
    const errMap = remapTable(this.errnos, l.errnos);
    const pairMap = new Uint32Array(l.pairCall.length);
    for (let p = 0; p < pairMap.length; p++) pairMap[p] = this.pairTable.intern(callMap[l.pairCall[p]], pathMap[l.pairFp[p]]);
    const stackMap = l.stacks ? remapStacks((this.stacks ??= new StackInterner()), l.stacks) : null;
    const maps = { pairMap, errMap, stackMap };
    this.added.push(l);
    this.maps.push(maps);
    return maps;
  }

  /**
   * The merged log of the logs added, in that order. Case ids that collide get a `#2`, `#3` … suffix. The
   * inputs are not modified. `shared`: the columns in SharedArrayBuffers (allocColumns). `ahead`: columns
   * allocated (and touched) before, used when the events fit them (ColumnsAhead.take).
   */
  build(shared = false, ahead: ColumnsAhead | null = null): EventLog {
    const logs = this.added;
    let n = 0;
    for (const l of logs) n += l.n;
    const out: EventLog = {
      n,
      timeBase: 'none',
      ...(ahead?.take(n, shared) ?? allocColumns(n, shared)),
      cases: [],
      caseOffsets: new Uint32Array(logs.reduce((s, l) => s + l.cases.length, 0) + 1),
      calls: this.calls.list,
      paths: this.paths.list,
      errnos: this.errnos.list,
      pairCall: Uint32Array.from(this.pairTable.call),
      pairFp: Uint32Array.from(this.pairTable.fp),
      files: [],
    };
    const st = this.stacks;
    if (st !== null) {
      out.stack = stackColumn(n, st.count, shared);
      out.stacks = st.table();
    }
    const { timeBase, warning } = mergeTimeBase(logs);
    out.timeBase = timeBase;
    const layers = mergeLayers(logs, n);
    if (layers) Object.assign(out, { layer: layers.layer, layerNames: layers.names });
    // the parent links (lines in the same case: a case's events move together, so they hold as they are)
    if (logs.some((l) => l.parent)) out.parent = new Int32Array(n);
    const profiles: Profile[] = [];
    const used = new Set<string>();
    let at = 0;
    let k = 0;
    for (let li = 0; li < logs.length; li++) {
      const l = logs[li];
      const { pairMap, errMap, stackMap } = this.maps[li];
      const fileBase = out.files.length;
      out.files.push(...l.files);
      const renamed = new Map<string, string>();
      for (let ci = 0; ci < l.cases.length; ci++) {
        const c = l.cases[ci];
        const id = uniqueId(used, c.id, '#');
        if (id !== c.id) renamed.set(c.id, id);
        out.cases.push({ ...c, id, file: c.file + fileBase });
        out.caseOffsets[++k] = at + l.caseOffsets[ci + 1];
      }
      for (const p of l.profiles ?? []) profiles.push(renamed.size ? renameCases(p, renamed) : p);
      if (layers) layers.copy(li, at);
      if (out.parent && l.parent) out.parent.set(l.parent, at);
      out.pid.set(l.pid, at);
      out.start.set(l.start, at);
      out.dur.set(l.dur, at);
      out.size.set(l.size, at);
      out.line.set(l.line, at);
      out.offset.set(l.offset, at);
      remapIds(out.pair, out.errno, at, l.pair, l.errno, l.n, pairMap, errMap);
      if (out.stack && stackMap && l.stack) copyStacks(out.stack, at, l.stack, stackMap);
      at += l.n;
    }
    if (warning && out.files.length) out.files[0] = { ...out.files[0], warnings: [...out.files[0].warnings, warning] };
    if (profiles.length) out.profiles = profiles;
    return out;
  }
}

/** The profile with its rank → case map following the cases' new ids. */
function renameCases(p: Profile, renamed: ReadonlyMap<string, string>): Profile {
  const caseOfRank: Record<number, string> = {};
  for (const [r, id] of Object.entries(p.caseOfRank)) caseOfRank[Number(r)] = renamed.get(id) ?? id;
  return { ...p, caseOfRank };
}

/**
 * The layer column of the merged log when any part has one: the union of the parts' layer names (in merge
 * order), each part's values remapped; the events of a part without layers get the name ''.
 */
function mergeLayers(logs: readonly EventLog[], n: number): { layer: Uint8Array; names: string[]; copy(li: number, at: number): void } | null {
  if (!logs.some((l) => l.layer)) return null;
  const names = new Interner();
  const maps = logs.map((l) => (l.layer ? remapTable(names, l.layerNames ?? []) : null));
  const none = logs.some((l) => !l.layer && l.n > 0) ? names.intern('') : 0;
  if (names.size > 256) throw new Error('more than 256 distinct layers');
  const layer = new Uint8Array(n);
  return {
    layer,
    names: names.list,
    copy(li, at) {
      const l = logs[li];
      const m = maps[li];
      if (!l.layer || !m) {
        layer.fill(none, at, at + l.n);
        return;
      }
      for (let i = 0; i < l.n; i++) layer[at + i] = m[l.layer[i]];
    },
  };
}

/** The stack ids of one log into the merged column at `at`, remapped. */
/**
 * A log's pair and errno ids in the merged tables, written at `at`. The per-event loop in a function of its
 * own: inside build's loop over the logs, V8 optimised it while the first log ran (on-stack replacement) and
 * threw the code away at the next log's case objects (another map: logs come from several threads), six
 * compiles of build in a merge of 96 logs.
 */
function remapIds(pair: Uint32Array, errno: Uint16Array, at: number, lPair: Uint32Array, lErrno: Uint16Array, n: number, pairMap: Uint32Array, errMap: Uint32Array): void {
  for (let i = 0; i < n; i++) {
    pair[at + i] = pairMap[lPair[i]];
    errno[at + i] = errMap[lErrno[i]];
  }
}

function copyStacks(out: Uint16Array | Uint32Array, at: number, col: Uint16Array | Uint32Array, map: Uint32Array): void {
  for (let i = 0; i < col.length; i++) out[at + i] = map[col[i]];
}

/**
 * Concatenates event logs (e.g. one per file, parsed by different workers), remapping interned ids
 * (LogMerger: `shared`, `ahead` as its build).
 */
export function mergeLogs(logs: readonly EventLog[], shared = false, ahead: ColumnsAhead | null = null): EventLog {
  const m = new LogMerger();
  for (const l of logs) m.add(l);
  return m.build(shared, ahead);
}
