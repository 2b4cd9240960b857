/**
 * What a strace file's parse counts of the lines it could not use as events (docs/FORMATS.md "strace text
 * input"): the lines per dropped kind (dropped.ts), the unparsable lines kept for the report, and the
 * warnings these give.
 */
import { MAX_TIME, type FileReport } from '../../model';
import { decodeUtf8 } from './bytes';
import { DROPPED_KINDS, D_TRUNCATED_LAST_LINE, D_UNPARSABLE } from './dropped';
import { MAX_LINE } from './lines';

const MAX_UNPARSABLE = 100;
const UNPARSABLE_TEXT = 300;
/** A call line cut by more strace messages than this in a row is dropped (bounds the work per line). */
export const MAX_SPLICES = 8;

export class LineTally {
  /** Lines per dropped kind (dropped.ts DROPPED_KINDS). */
  readonly counts = new Float64Array(DROPPED_KINDS.length);
  /** Lines with a timestamp no event can have (beyond ±MAX_TIME). */
  badTimes = 0;
  /** Call lines cut by more than MAX_SPLICES strace messages in a row (the call dropped). */
  spliceDropped = 0;

  constructor(private readonly report: FileReport) {}

  /** An unparsable line [s, e) of b (its first UNPARSABLE_TEXT bytes kept in the report, for the first MAX_UNPARSABLE). */
  unparsable(b: Uint8Array, s: number, e: number, line: number, suffix = ''): void {
    this.counts[D_UNPARSABLE]++;
    const u = this.report.unparsable;
    if (u.length < MAX_UNPARSABLE) u.push({ line, text: decodeUtf8(b, s, Math.min(e, s + UNPARSABLE_TEXT)) + suffix });
  }

  /** A line longer than MAX_LINE starting at s of b: unparsable. */
  overlong(b: Uint8Array, s: number, line: number): void {
    this.unparsable(b, s, s + UNPARSABLE_TEXT, line, ` … (line longer than ${MAX_LINE} bytes)`);
  }

  /** The counts into the report (FileReport.dropped: the kinds with lines only). */
  fill(r: FileReport): void {
    for (let k = 0; k < DROPPED_KINDS.length; k++) if (this.counts[k] > 0) r.dropped[DROPPED_KINDS[k]] = this.counts[k];
  }

  /** The warnings of the counts (a cut last line, unparsable lines, impossible times, calls cut too often). */
  warn(w: string[]): void {
    if (this.counts[D_TRUNCATED_LAST_LINE]) w.push('the last line is incomplete (file cut off?) and was ignored');
    if (this.counts[D_UNPARSABLE]) w.push(`${this.counts[D_UNPARSABLE]} unparsable line(s)`);
    if (this.badTimes) w.push(`${this.badTimes} line(s) with a timestamp beyond ±${MAX_TIME} s (no real time): counted as unparsable`);
    if (this.spliceDropped) w.push(`${this.spliceDropped} call line(s) cut by more than ${MAX_SPLICES} strace messages in a row: the call was dropped`);
  }
}
