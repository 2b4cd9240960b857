/** Helpers shared by the strace importer's tests (no Node imports: the tests read the files). */
import type { EventLog } from '../model';
import { StraceParser, type StraceParseOptions } from '../ingest/strace/parser';

/** Parses bytes pushed in chunks of `size` bytes. */
export function parseChunked(name: string, bytes: Uint8Array, size: number, opts?: StraceParseOptions): EventLog {
  const p = new StraceParser(name, opts);
  for (let o = 0; o < bytes.length; o += size) p.push(bytes.subarray(o, Math.min(bytes.length, o + size)));
  return p.finish();
}

/** Every column, table and report of a log as plain data (for deep equality). */
export function digest(log: EventLog): unknown {
  return {
    n: log.n,
    timeBase: log.timeBase,
    pid: Array.from(log.pid),
    pair: Array.from(log.pair),
    errno: Array.from(log.errno),
    start: Array.from(log.start),
    dur: Array.from(log.dur),
    size: Array.from(log.size),
    line: Array.from(log.line),
    cases: log.cases,
    caseOffsets: Array.from(log.caseOffsets),
    calls: log.calls,
    paths: log.paths,
    errnos: log.errnos,
    pairCall: Array.from(log.pairCall),
    pairFp: Array.from(log.pairFp),
    files: log.files,
    // (only when there are stacks: the digests of logs without name what the reference values were made from)
    ...(log.stack && log.stacks
      ? { stack: Array.from(log.stack), stacks: { frames: log.stacks.frames, start: Array.from(log.stacks.start), frame: Array.from(log.stacks.frame) } }
      : {}),
  };
}

export interface Row {
  pid: number;
  call: string;
  fp: string;
  errno: string;
  start: number;
  dur: number;
  size: number;
  line: number;
}

/** The events as readable rows. */
export function rows(log: EventLog): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    out.push({ pid: log.pid[i], call: log.calls[log.pairCall[p]], fp: log.paths[log.pairFp[p]], errno: log.errnos[log.errno[i]],
      start: log.start[i], dur: log.dur[i], size: log.size[i], line: log.line[i] });
  }
  return out;
}

/** events + every dropped kind (unparsable included) — must equal the number of lines. */
export function accounted(log: EventLog): number {
  const r = log.files[0];
  return r.events + Object.values(r.dropped).reduce((a, b) => a + b, 0);
}
