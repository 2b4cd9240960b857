/** EventLog helpers of the worker: case selection (case filters) and the load summary. */
import { allocColumns, type EventLog } from '../model/eventlog';
import { emptyGraphText, jobRows } from '../analysis/jobs';
import type { CaseRow, FileError, LoadSummary, LoadedFile } from './types';

/** A new log with only the cases whose flag is set (string and pair tables shared, columns copied). */
export function selectCases(log: EventLog, keep: Uint8Array): EventLog {
  let n = 0;
  let k = 0;
  for (let c = 0; c < log.cases.length; c++) {
    if (keep[c]) {
      n += log.caseOffsets[c + 1] - log.caseOffsets[c];
      k++;
    }
  }
  const out: EventLog = {
    ...log,
    n,
    ...allocColumns(n),
    ...(log.stack ? { stack: new (log.stack.constructor as Uint16ArrayConstructor)(n) } : {}),
    cases: [],
    caseOffsets: new Uint32Array(k + 1),
    ...(log.layer ? { layer: new Uint8Array(n) } : {}),
    ...(log.parent ? { parent: new Int32Array(n) } : {}),
  };
  let w = 0;
  let j = 0;
  for (let c = 0; c < log.cases.length; c++) {
    if (!keep[c]) continue;
    const a = log.caseOffsets[c];
    const b = log.caseOffsets[c + 1];
    out.pid.set(log.pid.subarray(a, b), w);
    out.pair.set(log.pair.subarray(a, b), w);
    out.errno.set(log.errno.subarray(a, b), w);
    out.start.set(log.start.subarray(a, b), w);
    out.dur.set(log.dur.subarray(a, b), w);
    out.size.set(log.size.subarray(a, b), w);
    out.line.set(log.line.subarray(a, b), w);
    out.offset.set(log.offset.subarray(a, b), w);
    if (log.layer) out.layer!.set(log.layer.subarray(a, b), w);
    if (log.parent) out.parent!.set(log.parent.subarray(a, b), w);
    if (out.stack && log.stack) out.stack.set(log.stack.subarray(a, b), w);
    w += b - a;
    out.cases.push(log.cases[c]);
    out.caseOffsets[++j] = w;
  }
  return out;
}

/**
 * Per case: 1 if it contains an event whose pair maps to activity id `act` (via pairAct), else 0.
 */
export function casesWithActivity(log: EventLog, pairAct: Int32Array, act: number): Uint8Array {
  const has = new Uint8Array(log.cases.length);
  for (let c = 0; c < log.cases.length; c++) {
    const b = log.caseOffsets[c + 1];
    for (let i = log.caseOffsets[c]; i < b; i++) {
      if (pairAct[log.pair[i]] === act) {
        has[c] = 1;
        break;
      }
    }
  }
  return has;
}

/** The summary shown after loading. */
export function summarize(log: EventLog | null, errors: FileError[], casesPerFile: Map<string, number>): LoadSummary {
  const files: LoadedFile[] = [];
  const dropped: Record<string, number> = {};
  const unparsable: LoadSummary['unparsable'] = [];
  const warnings: string[] = [];
  if (!log) {
    return { cases: 0, events: 0, hosts: [], cids: [], timeBase: 'none', timeSpan: null, dropped, unparsable, files, errors, caseList: [], warnings };
  }
  for (const f of log.files) {
    files.push({ name: f.name, format: f.format, bytes: f.bytes, lines: f.lines, events: f.events, cases: casesPerFile.get(f.name) ?? 0, warnings: f.warnings });
    for (const [kind, count] of Object.entries(f.dropped)) dropped[kind] = (dropped[kind] ?? 0) + count;
    for (const u of f.unparsable) unparsable.push({ file: f.name, line: u.line, text: u.text });
    for (const w of f.warnings) warnings.push(`${f.name}: ${w}`);
  }
  const hosts = new Set<string>();
  const cids = new Set<string>();
  const caseList: CaseRow[] = log.cases.map((c, k) => {
    if (c.host) hosts.add(c.host);
    if (c.cid) cids.add(c.cid);
    return { id: c.id, cid: c.cid, host: c.host, rid: c.rid, events: log.caseOffsets[k + 1] - log.caseOffsets[k] };
  });
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < log.n; i++) {
    const s = log.start[i];
    if (s < lo) lo = s;
    const d = log.dur[i];
    const e = d === d ? s + d : s;
    if (e > hi) hi = e;
  }
  const timeSpan = log.n > 0 && log.timeBase !== 'none' ? { start: lo, end: hi } : null;
  return {
    cases: log.cases.length,
    events: log.n,
    hosts: [...hosts].sort(),
    cids: [...cids].sort(),
    timeBase: log.timeBase,
    timeSpan,
    dropped,
    unparsable,
    files,
    errors,
    caseList,
    warnings,
    ...(log.profiles?.length ? { jobs: jobRows(log) } : {}),
    ...(emptyGraphText(log) ? { emptyGraph: emptyGraphText(log)! } : {}),
  };
}
