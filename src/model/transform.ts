import type { CaseInfo, EventColumns, EventLog } from './eventlog';

/** The per-event columns of `log` in the order given by `order` (event indices). */
function permuteEvents(log: EventLog, order: Uint32Array): EventColumns & Pick<EventLog, 'layer' | 'stack' | 'parent'> {
  const take = <T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array>(col: T, make: (n: number) => T): T => {
    const out = make(order.length);
    for (let i = 0; i < order.length; i++) out[i] = col[order[i]];
    return out;
  };
  return {
    pid: take(log.pid, (m) => new Int32Array(m)),
    pair: take(log.pair, (m) => new Uint32Array(m)),
    errno: take(log.errno, (m) => new Uint16Array(m)),
    start: take(log.start, (m) => new Float64Array(m)),
    dur: take(log.dur, (m) => new Float64Array(m)),
    size: take(log.size, (m) => new Float64Array(m)),
    line: take(log.line, (m) => new Uint32Array(m)),
    offset: take(log.offset, (m) => new Float64Array(m)),
    ...(log.layer ? { layer: take(log.layer, (m) => new Uint8Array(m)) } : {}),
    ...(log.parent ? { parent: take(log.parent, (m) => new Int32Array(m)) } : {}),
    ...(log.stack ? { stack: log.stack instanceof Uint16Array ? take(log.stack, (m) => new Uint16Array(m)) : take(log.stack, (m) => new Uint32Array(m)) } : {}),
  };
}

/** `base`, or `base<sep>2`, `base<sep>3` … whichever is not used yet; marks it used. */
export function uniqueId(used: Set<string>, base: string, sep: string): string {
  let id = base;
  for (let j = 2; used.has(id); j++) id = `${base}${sep}${j}`;
  used.add(id);
  return id;
}

/**
 * One case per (file, pid): each case is split by pid into cases `<case>_<pid>` (in order of first
 * appearance), keeping the events' relative order. Cases with a single pid keep their id.
 */
export function splitCasesByPid(log: EventLog): EventLog {
  const cases: CaseInfo[] = [];
  const offsets: number[] = [0];
  const order = new Uint32Array(log.n);
  // Ids of unsplit cases are kept; a split id that collides with any other id gets a `#N` suffix.
  const used = new Set<string>(log.cases.map((c) => c.id));
  let w = 0;
  for (let k = 0; k < log.cases.length; k++) {
    const a = log.caseOffsets[k];
    const b = log.caseOffsets[k + 1];
    const byPid = new Map<number, number[]>();
    for (let i = a; i < b; i++) {
      const p = log.pid[i];
      let list = byPid.get(p);
      if (!list) byPid.set(p, (list = []));
      list.push(i);
    }
    const c = log.cases[k];
    if (byPid.size <= 1) {
      for (let i = a; i < b; i++) order[w++] = i;
      cases.push({ ...c, pid: byPid.size ? log.pid[a] : c.pid });
      offsets.push(w);
      continue;
    }
    for (const [pid, list] of byPid) {
      for (const i of list) order[w++] = i;
      cases.push({ ...c, id: uniqueId(used, `${c.id}_${pid}`, '#'), pid });
      offsets.push(w);
    }
  }
  return {
    ...log,
    ...permuteEvents(log, order),
    cases,
    caseOffsets: Uint32Array.from(offsets),
  };
}

const FORK_FILE = /^(.*\.st)\.(\d+)$/;

/**
 * strace -ff writes one file per process, `PREFIX.<pid>`: the files of one prefix are one case (the rank),
 * as a single `-f` file would be. Joins such cases (same folder and prefix) into the first one, events
 * ordered by start (ties: pid file order, then line). Logs without such files are returned unchanged.
 */
export function joinForkedFiles(log: EventLog): EventLog {
  const groups = new Map<string, number[]>();
  const keyOf = log.cases.map((c) => {
    const m = FORK_FILE.exec(log.files[c.file]?.name ?? '');
    return m && c.pid === null ? m[1] : null;
  });
  keyOf.forEach((k, i) => {
    if (k === null) return;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  if (![...groups.values()].some((g) => g.length > 1)) return log;
  const cases: CaseInfo[] = [];
  const offsets: number[] = [0];
  const order = new Uint32Array(log.n);
  let w = 0;
  for (let k = 0; k < log.cases.length; k++) {
    const key = keyOf[k];
    const members = key === null ? [k] : groups.get(key)!;
    if (members[0] !== k) continue; // joined into an earlier case
    const from = w;
    for (const m of members) for (let i = log.caseOffsets[m]; i < log.caseOffsets[m + 1]; i++) order[w++] = i;
    if (members.length > 1) {
      const part = order.subarray(from, w);
      const st = log.start;
      part.sort((x, y) => st[x] - st[y] || x - y);
    }
    const c = log.cases[k];
    cases.push({ ...c, id: key === null ? c.id : c.id.replace(/#\d+$/, '') });
    offsets.push(w);
  }
  const used = new Set<string>();
  return {
    ...log,
    ...permuteEvents(log, order),
    cases: cases.map((c) => ({ ...c, id: uniqueId(used, c.id, '#') })),
    caseOffsets: Uint32Array.from(offsets),
  };
}
