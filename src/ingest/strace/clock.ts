/**
 * The time base of one strace file, decided by its first timestamped line, and the start time of each
 * line in it (midnight crossings for -t/-tt, running sum for -r alone). See docs/FORMATS.md.
 */
import type { TimeBase } from '../../model';
import type { LineScanner } from './scan';
import { TS_CLOCK, TS_FLOAT, TS_NONE } from './lex';

const HALF_DAY = 43200;
const M_UNKNOWN = -1;
const M_NONE = 0;
const M_CLOCK = 1;
const M_EPOCH = 2;
const M_REL = 3;
/** A -r delta this large cannot be a -r delta: the float is an epoch (-ttt). */
const EPOCH_MIN = 1e7;

export class StraceClock {
  private mode = M_UNKNOWN;
  private tsDigits = 0;
  private tsPlus = false;
  private dayOff = 0;
  private lastClock = -Infinity;
  private wraps = 0;
  private relSum = 0;

  /** Start time of the current line in the file's time base; NaN when its timestamp does not fit the file. */
  time(sc: LineScanner, lineNo: number): number {
    // -t/-tt/-ttt lines in a few bytes of code (inlined into the parser's line function: see durations.ts
    // next); the first line, -r and a line whose timestamp does not fit its file in other()
    const mode = this.mode;
    if (mode === M_CLOCK && sc.tsKind === TS_CLOCK) {
      this.note(sc);
      let t = sc.ts + this.dayOff;
      if (t < this.lastClock - HALF_DAY) t = this.wrapped(t);
      this.lastClock = t;
      return t;
    }
    if (mode === M_EPOCH && sc.tsKind === TS_FLOAT) {
      this.note(sc);
      return sc.ts;
    }
    return this.other(sc, lineNo);
  }

  /** A clock that went back by more than half a day: midnight crossed. */
  private wrapped(t: number): number {
    this.dayOff += 86400;
    this.wraps++;
    return t + 86400;
  }

  private other(sc: LineScanner, lineNo: number): number {
    if (this.mode === M_UNKNOWN) {
      if (sc.tsKind === TS_NONE) this.mode = M_NONE;
      else if (sc.tsKind === TS_CLOCK) this.mode = M_CLOCK;
      else this.mode = sc.tsPlus || sc.ts >= EPOCH_MIN ? M_EPOCH : M_REL;
      if (this.mode === M_CLOCK || this.mode === M_EPOCH) return this.time(sc, lineNo);
    }
    switch (this.mode) {
      case M_NONE:
        return sc.tsKind === TS_NONE ? lineNo : NaN;
      case M_CLOCK:
      case M_EPOCH:
        return NaN; // (a line without this file's kind of timestamp)
      default:
        if (sc.tsKind !== TS_FLOAT || sc.tsPlus) return NaN;
        this.note(sc);
        this.relSum += sc.ts;
        return this.relSum;
    }
  }

  private note(sc: LineScanner): void {
    if (sc.tsDigits > this.tsDigits) this.tsDigits = sc.tsDigits;
    if (sc.tsPlus) this.tsPlus = true;
  }


  /** The timestamps' resolution in seconds: 1 for -t, else 0 (finer than the duration check's slack). */
  resolution(): number {
    return this.mode === M_CLOCK && this.tsDigits === 0 ? 1 : this.mode === M_NONE ? Infinity : 0;
  }

  timeBase(): TimeBase {
    return this.mode === M_CLOCK ? 'clock' : this.mode === M_EPOCH ? 'epoch' : this.mode === M_REL ? 'relative' : 'none';
  }

  /** SourceFlags.timestamps: 't' | 'tt' | 'ns' | 'ttt' | 'r' | 'none', '+r' when -r was combined. */
  flag(): string {
    let ts = 'none';
    if (this.mode === M_CLOCK) ts = this.tsDigits === 0 ? 't' : this.tsDigits > 6 ? 'ns' : 'tt';
    else if (this.mode === M_EPOCH) ts = 'ttt';
    else if (this.mode === M_REL) ts = 'r';
    if (this.tsPlus && this.mode !== M_REL) ts += '+r';
    return ts;
  }

  warn(w: string[]): void {
    if (this.mode === M_NONE || this.mode === M_UNKNOWN)
      w.push('no timestamps (traced without -t/-tt/-ttt/-r): events keep their line order; timelines and max concurrency (mc) are unavailable. Re-trace with -tt.');
    if (this.mode === M_CLOCK && this.tsDigits === 0) w.push('timestamps have 1 s resolution (-t): timelines and mc are coarse. Prefer -tt.');
    if (this.mode === M_REL) w.push('relative timestamps (-r): start = running sum of the deltas since the first line; times are not comparable across files.');
    if (this.wraps > 0) w.push(`the clock went back by more than 12 h ${this.wraps} time(s): taken as midnight crossing(s) (+24 h each)`);
  }
}
