/** The load summary of the worker (case selection: src/analysis/caseSelect.ts). */
import type { EventLog } from '../model/eventlog';
import { emptyGraphText, jobRows } from '../analysis/jobs';
import type { CaseRow, FileError, LoadSummary, LoadedFile } from './types';

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
