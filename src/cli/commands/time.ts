/**
 * `strace-dfg time [--json] PATH...`: the I/O phases of a view's events and the stragglers of each phase
 * (docs/METHOD.md "Time"), as the app's phases table lists them, then each case's untraced time with its
 * largest gaps between traced calls (docs/METHOD.md "Untraced time"). Times are seconds since the earliest
 * event start of all loaded cases (the `--time` and `#time=` origin).
 */
import type { GapCall, UntracedTime } from '../../analysis/time';
import type { Phases } from '../../analysis/time/types';
import { formatBytes, formatCount, formatDuration, formatUtc, reportText } from '../../lib/format';
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
  /** Per case, most untraced time first (null without durations or timestamps). */
  untraced: UntracedJson[] | null;
}

interface GapCallJson {
  call: string;
  path: string;
  pid: number;
  line: number;
}

export interface UntracedJson {
  case: string;
  wall: number;
  traced: number;
  untraced: number;
  /** untraced / wall (0 when wall is 0). */
  share: number;
  filtered: boolean;
  /** What fills the gaps (untracedWhy). */
  why: string;
  missing: string[];
  advice: string | null;
  gaps: { start: number; end: number; seconds: number; previous_call: GapCallJson; next_call: GapCallJson; where: string; text: string }[];
}

const callJson = (c: GapCall): GapCallJson => ({ call: c.call, path: c.path, pid: c.pid, line: c.line });

/** The untraced time of every case, most first. */
export function untracedJson(u: UntracedTime): UntracedJson[] | null {
  if (!u.located) return null;
  return u.cases
    .map((c) => ({
      case: c.id,
      wall: c.wall,
      traced: c.traced,
      untraced: c.untraced,
      share: c.wall > 0 ? c.untraced / c.wall : 0,
      filtered: c.filtered,
      why: c.why,
      missing: c.missing,
      advice: c.advice,
      gaps: c.gaps.map((g) => ({ start: g.start, end: g.start + g.seconds, seconds: g.seconds, previous_call: callJson(g.before), next_call: callJson(g.after), where: reportText(g.where), text: reportText(g.text) })),
    }))
    .sort((a, b) => b.untraced - a.untraced || (a.case < b.case ? -1 : 1));
}

export function timeJson(p: Phases, timeBase: string, cases: number, untraced: UntracedTime): TimeJson {
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
    untraced: untracedJson(untraced),
  };
}

/** Cases listed in the text report's untraced section (the JSON has all). */
const UNTRACED_SHOWN = 10;

/** A gap shorter than this share of its case's wall time is not listed in the text report. */
const LISTED_SHARE = 0.01;

/** The untraced section: per case its untraced time, share and what fills it, then its largest gaps. */
export function untracedLines(list: UntracedJson[] | null): string[] {
  if (list === null) return ['', 'Untraced time: not located (it needs durations, strace -T, and timestamps, -tt).'];
  const out = ['', `Untraced time (no traced call running), per case, most first, with its gaps between traced calls of at least ${100 * LISTED_SHARE} % of the case's wall time:`];
  for (const c of list.slice(0, UNTRACED_SHOWN)) {
    out.push(`  ${safe(c.case)}  ${formatDuration(c.untraced)} of ${formatDuration(c.wall)} wall (${(100 * c.share).toFixed(1)} %): ${safe(c.why)}`);
    for (const g of c.gaps) if (g.seconds >= LISTED_SHARE * c.wall) out.push(`    at ${g.start.toFixed(3)} s: ${safe(reportText(g.where))}`);
  }
  if (list.length > UNTRACED_SHOWN) out.push(`  … ${formatCount(list.length - UNTRACED_SHOWN)} more cases (--json lists all)`);
  return out;
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
  if (!doc.phases.length) return out.concat('no I/O events in this view', ...untracedLines(doc.untraced)).join('\n') + '\n';
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
  out.push(...untracedLines(doc.untraced));
  return out.join('\n') + '\n';
}

export async function runTime(a: TimeArgs, io: CliIO): Promise<number> {
  const { session, reply, ctx } = await openView(io, a);
  const unknown = (a.activities ?? []).filter((x) => !reply.result.nodes.some((n) => n.id === x));
  if (unknown.length) throw new CliError(`--activity ${unknown[0]}: no such activity in this view (e.g. ${reply.result.nodes.slice(0, 3).map((n) => n.id).join(', ')})`);
  const doc = timeJson(await session.phases(ctx, a.activities), session.log?.timeBase ?? 'none', reply.keptCases, await session.untraced(ctx));
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
