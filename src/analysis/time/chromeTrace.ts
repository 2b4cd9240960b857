/**
 * Export to the Chrome Trace Event format (Perfetto, chrome://tracing; docs/FORMATS.md, "Chrome trace"),
 * streamed to a sink in chunks of about 64 KiB: the whole JSON is never one string.
 *
 * One process per case (pid = case index + 1, named `<case id>` or `<case id> (rank <rid>)`, sorted in
 * case order), one thread per traced pid (tid = the pid), one complete event (`"ph":"X"`) per call with
 * `ts` / `dur` in microseconds since t0 (the earliest event start of the log; ns precision kept) and
 * `args` {call, path, size, errno, offset} (null when unknown; dur 0 when unknown), and for a log with stacks
 * or a layer column {layer, site, entry} (docs/METHOD.md "Layers"; site and entry null without a stack).
 */
import type { EventLog } from '../../model';
import { layerInfo } from '../layers/classify';
import { runSpan } from './span';
import { rankCids } from '../ranks';

export interface TraceSink {
  write(chunk: string): void;
}

export interface ChromeTraceOptions {
  /** Time 0 (absolute, in the log's time base); default the log's earliest event start. */
  t0?: number;
  /** Flush to the sink when the pending text reaches this many characters (default 65536). */
  chunk?: number;
  /** The user's layer rules (the view's `lrule`s), before the table's. */
  layerRules?: readonly string[];
}

/** Per event, the `,"layer":…,"site":…,"entry":…` of its args ('' for a log without layers). */
function layerArgs(log: EventLog, rules: readonly string[] | undefined): (i: number) => string {
  const info = layerInfo(log, rules);
  if (!info) return () => '';
  const q = (s: string): string => (s === '' ? 'null' : JSON.stringify(s));
  const layer = info.names.map((n) => `,"layer":${JSON.stringify(n)}`);
  const rest = info.site.map((s, k) => `,"site":${q(s)},"entry":${q(info.entry[k])}`);
  const { ofStack, ofColumn, unknown } = info;
  const stack = log.stack ?? null;
  const col = log.layer ?? null;
  return (i) => {
    const s = stack !== null ? stack[i] : 0;
    const l = s !== 0 && ofStack !== null ? ofStack[s] : col !== null && ofColumn !== null ? ofColumn[col[i]] : ofStack !== null ? ofStack[s] : unknown;
    return layer[l] + (ofStack !== null ? rest[s] : '');
  };
}

/** The file-offset column of a log when it has one (NaN = unknown). */
export function offsetColumn(log: EventLog): Float64Array | null {
  const col = (log as EventLog & { offset?: unknown }).offset;
  return col instanceof Float64Array && col.length === log.n ? col : null;
}

/** Microseconds with at most 3 decimals (ns), as JSON. */
const micros = (seconds: number): string => String(Math.round(seconds * 1e9) / 1e3);

export function writeChromeTrace(log: EventLog, sink: TraceSink, options: ChromeTraceOptions = {}): { events: number; chars: number } {
  const t0 = options.t0 ?? runSpan(log).t0;
  const limit = options.chunk ?? 65536;
  const offset = offsetColumn(log);
  const layers = layerArgs(log, options.layerRules);
  const callJson = log.calls.map((c) => JSON.stringify(c));
  const errJson = log.errnos.map((e, i) => (i === 0 ? 'null' : JSON.stringify(e)));
  const pathJson: (string | undefined)[] = new Array<string | undefined>(log.paths.length);
  const { pid, pair, errno, start, dur, size, caseOffsets, pairCall, pairFp } = log;
  let buf = '';
  let chars = 0;
  const emit = (s: string): void => {
    buf += s;
    if (buf.length >= limit) {
      chars += buf.length;
      sink.write(buf);
      buf = '';
    }
  };
  emit(`{"displayTimeUnit":"ms","otherData":{"generator":"strace-dfg","timeBase":${JSON.stringify(log.timeBase)},"t0":${t0}},"traceEvents":[`);
  let first = true;
  const sep = (): string => {
    if (first) {
      first = false;
      return '\n';
    }
    return ',\n';
  };
  let events = 0;
  const ranked = rankCids(log.cases);
  for (let k = 0; k < log.cases.length; k++) {
    const c = log.cases[k];
    const P = k + 1;
    // "(rank N)" only where the rid is an MPI rank (analysis/ranks.ts), not a pid
    const name = c.rid !== '' && ranked.has(c.cid) ? `${c.id} (rank ${c.rid})` : c.id;
    emit(`${sep()}{"name":"process_name","ph":"M","pid":${P},"tid":0,"args":{"name":${JSON.stringify(name)}}}`);
    emit(`,\n{"name":"process_sort_index","ph":"M","pid":${P},"tid":0,"args":{"sort_index":${k}}}`);
    const threads = new Set<number>();
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      const tid = pid[i];
      if (!threads.has(tid)) {
        threads.add(tid);
        emit(`,\n{"name":"thread_name","ph":"M","pid":${P},"tid":${tid},"args":{"name":"pid ${tid}"}}`);
      }
      const p = pair[i];
      const f = pairFp[p];
      let path = pathJson[f];
      if (path === undefined) path = pathJson[f] = f === 0 ? 'null' : JSON.stringify(log.paths[f]);
      const call = callJson[pairCall[p]];
      const d = dur[i];
      const z = size[i];
      const o = offset === null ? NaN : offset[i];
      emit(
        `,\n{"name":${call},"cat":"syscall","ph":"X","pid":${P},"tid":${tid},"ts":${micros(start[i] - t0)},"dur":${d === d ? micros(d) : '0'},` +
          `"args":{"call":${call},"path":${path},"size":${z === z ? z : 'null'},"errno":${errJson[errno[i]]},"offset":${o === o ? o : 'null'}${layers(i)}}}`,
      );
      events++;
    }
  }
  buf += '\n]}\n';
  chars += buf.length;
  sink.write(buf);
  return { events, chars };
}
