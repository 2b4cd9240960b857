/**
 * `strace-dfg time [--json] PATH...`: the I/O phases of a view's events and the stragglers of each phase
 * (docs/METHOD.md "Time"), as the app's phases table lists them. Times are seconds since the earliest
 * event start of all loaded cases (the `--time` and `#time=` origin).
 */
import type { Phases } from '../../analysis/time/types';
import { formatBytes, formatCount, formatDuration, formatUtc } from '../../lib/format';
import { viewArgs } from '../cliView';
import { CliError, type CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { safe } from '../text';
import { jobsOf, needPaths, type Command } from '../command';
import { all, has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface TimeArgs extends OpenViewArgs {
  command: 'time';
  json: boolean;
  /** Only these activities' events make phases (null = every mapped event). */
  activities: string[] | null;
}

/** The JSON document of `time --json` (docs/FORMATS.md "Time JSON output"). */
export interface TimeJson {
  time_base: string;
  /** Time 0 in the traces' time base (seconds since midnight for -tt, since 1970 for -ttt). */
  t0: number;
  span: number;
  gap: number;
  cases: number;
  phases: {
    phase: number;
    start: number;
    end: number;
    duration: number;
    events: number;
    bytes: number;
    busy: number;
    cases: number;
    mean_busy: number;
    std_busy: number;
    stragglers: { case: string; rank: string; busy: number; z: number }[];
  }[];
}

export function timeJson(p: Phases, timeBase: string, cases: number): TimeJson {
  return {
    time_base: timeBase,
    t0: p.t0,
    span: p.span,
    gap: p.gap,
    cases,
    phases: p.phases.map((x, i) => ({
      phase: i + 1,
      start: x.start,
      end: x.end,
      duration: x.end - x.start,
      events: x.events,
      bytes: x.bytes,
      busy: x.busy,
      cases: x.cases,
      mean_busy: x.mean,
      std_busy: x.std,
      stragglers: x.stragglers.map((s) => ({ case: s.id, rank: s.rid, busy: s.busy, z: s.z })),
    })),
  };
}

/** Time 0 as the traces give it: a time of day (-tt), a UTC instant (-ttt), or seconds. */
function instant(timeBase: string, t: number): string {
  if (timeBase === 'epoch') return formatUtc(t);
  if (timeBase !== 'clock') return `${t.toFixed(6)} s`;
  const day = Math.floor(t / 86400);
  const s = t - day * 86400;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s - hh * 3600) / 60);
  const ss = (s - hh * 3600 - mm * 60).toFixed(6).padStart(9, '0');
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${ss}${day > 0 ? ` (+${day}d)` : ''} (time of day on the traced host)`;
}

function table(head: string[], rows: string[][]): string[] {
  const w = head.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
  const line = (r: string[]): string => r.map((c, j) => (j === r.length - 1 ? c : j === 0 ? c.padEnd(w[j]) : c.padStart(w[j]))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)];
}

/** The readable report: the run, then one row per phase, then the stragglers of each phase. */
export function timeReport(doc: TimeJson): string {
  const out: string[] = [];
  if (doc.time_base === 'none') return 'no timestamps in the traces (record with strace -tt): no time analysis\n';
  out.push(`${formatCount(doc.cases)} cases; run span ${formatDuration(doc.span)} from t0 = ${instant(doc.time_base, doc.t0)}`);
  out.push(`I/O phases: bursts of I/O across cases separated by gaps longer than ${formatDuration(doc.gap)}; times in seconds since t0`);
  if (!doc.phases.length) return out.concat('no I/O events in this view').join('\n') + '\n';
  out.push('');
  out.push(
    ...table(
      ['phase', 'start', 'end', 'duration', 'events', 'bytes', 'cases', 'busy per case (mean ± σ)', 'stragglers'],
      doc.phases.map((p) => [
        `P${p.phase}`,
        p.start.toFixed(3),
        p.end.toFixed(3),
        formatDuration(p.duration),
        formatCount(p.events),
        formatBytes(p.bytes),
        formatCount(p.cases),
        `${formatDuration(p.mean_busy)} ± ${formatDuration(p.std_busy)}`,
        String(p.stragglers.length),
      ]),
    ),
  );
  const slow = doc.phases.filter((p) => p.stragglers.length);
  out.push('', slow.length ? 'Stragglers (busy time in the phase above mean + 1 σ of its cases), slowest first:' : 'No stragglers (no case above mean + 1 σ in any phase).');
  for (const p of slow) {
    for (const s of p.stragglers) out.push(`  P${p.phase}  ${safe(s.case)}${s.rank ? ` (rank ${safe(s.rank)})` : ''}  busy ${formatDuration(s.busy)}  z ${s.z.toFixed(2)}`);
  }
  return out.join('\n') + '\n';
}

export async function runTime(a: TimeArgs, io: CliIO): Promise<number> {
  const { session, reply, ctx } = await openView(io, a);
  const unknown = (a.activities ?? []).filter((x) => !reply.result.nodes.some((n) => n.id === x));
  if (unknown.length) throw new CliError(`--activity ${unknown[0]}: no such activity in this view (e.g. ${reply.result.nodes.slice(0, 3).map((n) => n.id).join(', ')})`);
  const doc = timeJson(await session.phases(ctx, a.activities), session.log?.timeBase ?? 'none', reply.keptCases);
  io.stdout.write(a.json ? JSON.stringify(doc, null, 2) + '\n' : timeReport(doc));
  return 0;
}

export const time: Command<TimeArgs> = {
  usage: 'time [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    activity: { type: 'string', multiple: true, value: 'ACT', help: "only this activity's events make the phases (repeat; default every mapped event), as the overview's 'selected activity only'" },
    json: { type: 'boolean', help: 'print one JSON document (docs/FORMATS.md "Time JSON output")' },
  },
  args: (p) => {
    const acts = all(p, 'activity');
    return { command: 'time', paths: needPaths('time', p), ...viewArgs(p), json: has(p, 'json'), activities: acts.length ? acts : null, jobs: jobsOf(p) };
  },
  run: runTime,
};
