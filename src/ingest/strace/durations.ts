/**
 * Impossible durations (docs/FORMATS.md "Durations"). strace prints a call's line when the call ends (a
 * call cut by other processes' lines ends on its `resumed` line), and every later line of the file was
 * printed after that: a call cannot end after the next line's timestamp (the start of what strace handled
 * next). A duration that would make it end more than `SLACK` seconds later (`<4294967296.000000>` in a
 * two-minute trace) is corrupt: the event keeps its place but its duration becomes unknown (NaN), so it
 * stays out of every duration statistic, and the file's report counts it and names its lines. The last
 * line of a file has no next line: it is not judged.
 */

/** Seconds a call may seem to end after the next line began (the clocks of -tt and -T differ a little). */
export const DURATION_SLACK = 1;
/** How many line numbers the warning names. */
const NAMED = 5;

export class DurationCheck {
  /** The end (start + duration) of the last completed call, its event index and line; -1: none waiting. */
  private end = -Infinity;
  private idx = -1;
  private line = 0;
  private count = 0;
  private readonly lines: number[] = [];

  /** @param resolution the timestamps' resolution in seconds (1 for -t; 0 for finer clocks). */
  constructor(private readonly resolution: () => number) {}

  /**
   * A line with the timestamp t came: the event index whose duration is impossible (the call before ended
   * after t), or -1.
   */
  next(t: number): number {
    const idx = this.idx;
    this.idx = -1;
    // the resolution (≥ 0) asked only past the slack: this runs on every line, inlined into the parser's
    // line function, whose budget of inlined code must leave room for the event's push (an event's numbers
    // passed to a call not inlined are boxed: garbage per event, docs/BENCHMARKS.md perf9)
    if (idx < 0 || !(this.end > t + DURATION_SLACK)) return -1;
    return this.late(idx, t);
  }

  private late(idx: number, t: number): number {
    if (!(this.end > t + DURATION_SLACK + this.resolution())) return -1;
    this.bad(this.line);
    return idx;
  }

  /**
   * Event idx (on line `line`) completed with start + dur = end, on a line stamped t (its own line, or its
   * resumed line): -1, or idx when it ends after t itself (a resumed line is stamped when the call ended).
   */
  completed(idx: number, line: number, end: number, t: number, resumed: boolean): number {
    if (!(end === end)) return -1;
    if (resumed && end > t + DURATION_SLACK + this.resolution()) {
      this.bad(line);
      return idx;
    }
    this.end = end;
    this.idx = idx;
    this.line = line;
    return -1;
  }

  private bad(line: number): void {
    this.count++;
    if (this.lines.length < NAMED) this.lines.push(line);
  }

  /** The file report's warning, or null. */
  warning(file: string): string | null {
    if (this.count === 0) return null;
    const at = this.lines.map((l) => `${file}:${l}`).join(', ') + (this.count > this.lines.length ? ', …' : '');
    return `${this.count} impossible duration(s) (the call would end after the next line of the file began: a corrupt <…> value), taken as unknown and left out of the statistics: ${at}`;
  }
}
