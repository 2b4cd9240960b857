/**
 * The cases of one run whose `-t`/`-tt` clocks start on both sides of midnight (issue #33.4). A clock time has
 * no date: each file is read as seconds since the midnight before its first line (crossings inside a file
 * add 24 h, docs/FORMATS.md), so a rank that started at 23:59:59.8 and one that started at 00:00:00.2 would
 * be put 24 h apart (a span of a day, two phases, mc halved). Assumed instead: the cases of one run (one cid;
 * the cases without one are one run) start within a day of each other. Per run, the day of each case is
 * chosen so that their starts are closest together: the starts are placed on the 24 h circle and the circle
 * is cut at the largest gap between them; the cases after the cut are the next day. Only when that brings
 * starts more than 12 h apart (the rule inside a file) closer; each run so aligned is named in one note.
 */
import type { EventLog } from '../model/eventlog';
import type { SourcedLog } from './duplicates';

const DAY = 86400;
const HALF_DAY = DAY / 2;

interface Start {
  log: EventLog;
  ci: number;
  /** The case's first start (the events of a case are sorted by start). */
  first: number;
  id: string;
  /** A case of the loaded log (an add): its day is kept. */
  fixed: boolean;
}

/** Seconds as a short text (ms below a minute). */
const secs = (s: number): string => (s < 60 ? `${+s.toFixed(3)} s` : `${+(s / 60).toFixed(1)} min`);

/** The day offset (a multiple of 24 h) of each start that brings them within the smallest span; null: leave as read. */
function dayOffsets(starts: readonly Start[]): number[] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of starts) {
    lo = Math.min(lo, s.first);
    hi = Math.max(hi, s.first);
  }
  if (hi - lo <= HALF_DAY) return null;
  const pos = starts.map((s) => ((s.first % DAY) + DAY) % DAY);
  const sorted = [...pos].sort((a, b) => a - b);
  // the largest gap between neighbours on the circle; the wrap-around gap means "no cut"
  let cut = -Infinity;
  let gap = sorted[0] + DAY - sorted[sorted.length - 1];
  for (let k = 0; k + 1 < sorted.length; k++) {
    if (sorted[k + 1] - sorted[k] > gap) {
      gap = sorted[k + 1] - sorted[k];
      cut = sorted[k];
    }
  }
  const target = pos.map((p) => p + (p <= cut ? DAY : 0));
  const span = Math.max(...target) - Math.min(...target);
  if (span >= hi - lo) return null;
  let off = starts.map((s, k) => Math.round((target[k] - s.first) / DAY) * DAY);
  // an add keeps the loaded cases where they are: the others move with them
  const fixed = starts.findIndex((s) => s.fixed);
  if (fixed >= 0) {
    const d = off[fixed];
    off = off.map((o) => o - d);
    if (starts.some((s, k) => s.fixed && off[k] !== 0)) return null;
  }
  return off;
}

/**
 * Aligns across midnight the cases of each run (cid) of `items` whose logs have clock times, in place (the
 * per-file logs of a load, before their merge); `loaded`: the cases already loaded (an add), which keep their
 * times. Returns one note per run aligned.
 */
export function alignMidnight(items: readonly SourcedLog[], loaded: EventLog | null = null): string[] {
  const runs = new Map<string, Start[]>();
  const logs = loaded ? [loaded, ...items.map((i) => i.log)] : items.map((i) => i.log);
  for (const log of logs) {
    if (log.timeBase !== 'clock') continue;
    log.cases.forEach((c, ci) => {
      const a = log.caseOffsets[ci];
      if (a === log.caseOffsets[ci + 1]) return;
      const list = runs.get(c.cid) ?? [];
      list.push({ log, ci, first: log.start[a], id: c.id, fixed: log === loaded });
      runs.set(c.cid, list);
    });
  }
  const notes: string[] = [];
  for (const [cid, starts] of runs) {
    if (starts.length < 2) continue;
    const off = dayOffsets(starts);
    if (!off) continue;
    const moved: string[] = [];
    starts.forEach((s, k) => {
      if (!off[k]) return;
      const st = s.log.start;
      for (let i = s.log.caseOffsets[s.ci], b = s.log.caseOffsets[s.ci + 1]; i < b; i++) st[i] += off[k];
      moved.push(s.id);
    });
    const firsts = starts.map((s, k) => s.first + off[k]);
    const within = Math.max(...firsts) - Math.min(...firsts);
    const run = cid ? `run ${cid}` : 'the cases without a run name';
    const names = moved.length > 5 ? `${moved.slice(0, 5).join(', ')}, … (${moved.length})` : moved.join(', ');
    const n = moved.length === 1 ? 'case' : `${moved.length} cases`;
    const how = off.every((o) => o >= 0) ? `that start${moved.length === 1 ? 's' : ''} after it (${names}) taken as the next day` : `(${names}) moved by whole days`;
    notes.push(
      `${run}: its cases' clock times (-t/-tt, no date) start on both sides of midnight: ${n} ${how}, so that the run's cases start within ${secs(within)} of each other (assumed: the cases of one run start within a day)`,
    );
  }
  return notes;
}
