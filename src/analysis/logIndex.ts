/**
 * What is computed once per log and does not depend on the mapping: the per-pair sums (pairStats.ts), each
 * pair's sorted durations (quantile.ts), the run span (time/span.ts), the per-case measures of the
 * comparison (compare/cases.ts) and its untraced time (time/gaps.ts), the mc sweep's time-ordered sequence
 * (concurrency.ts, seqSort.ts).
 * A LogIndex is made by the owner of a log (the Session: one per loaded log and one per analysed log) and
 * passed to the analysis functions, which build what they need themselves without one; each part is built
 * on first use and kept by the index, so it dies with it: src/analysis keeps no state of its own.
 * What was computed elsewhere is given at construction (`LogIndexSeeds`): the sums a load accumulated
 * while its files came in, the sequence or the time sort a pool thread built, and who sorts elsewhere
 * (`timeOrder`: the Session's pool), so that the index itself asks for its time order (`pooled`).
 */
import type { EventLog } from '../model';
import type { CaseMeasures } from './compare/cases';
import { caseMeasures } from './compare/cases';
import { buildIndex, deriveWindowSequence, type SeqIndex, type SequenceSource } from './concurrency';
import { pairStats, type PairStats } from './pairStats';
import { mappingLog, mappingLogKey, type MappingLogSpec } from './pids';
import { pairDurations, type PairDurations } from './quantile';
import type { SortedSeed } from './seqSort';
import { untracedTime, type UntracedTime } from './time/gaps';
import { runSpan, type RunSpan } from './time/span';
import { windowCut, type TimeWindow } from './time/window';

/** What a pool thread gives for a log's columns: their time sort and the mc sequence built from it. */
export interface TimeOrder {
  sorted: SortedSeed;
  index: SeqIndex;
}

export interface LogIndexSeeds {
  /** The per-pair sums of this log (a load's, accumulated with the merged ids while the files came in). */
  pairStats?: PairStats;
  /** The mc sequence built elsewhere (a pool thread) from `cols`: taken when those are this log's own columns. */
  sequence?: { cols: SequenceSource; index: SeqIndex };
  /** The time sort of this log's start and dur columns built elsewhere (the sequence is then built from it). */
  sorted?: SortedSeed;
  /**
   * The time order a pool thread is making of `cols` (null when it fails): `settle()` waits for it and takes
   * the sequence when `cols` are this log's own columns, else the sort when they have its start and dur
   * columns (per-process paths normalised: another pair column).
   */
  order?: { cols: SequenceSource; order: Promise<TimeOrder | null> };
  /**
   * Who makes the time order of a log's columns elsewhere (the Session's parse pool; null: it is sorted
   * here): `pooled()` asks it. The indexes made from this one (mapped, windowed, selected) are given it too.
   */
  timeOrder?: (log: EventLog) => Promise<TimeOrder | null> | null;
}

/** Whether `cols` are `log`'s own columns (the same arrays): a sequence built from them is the log's. */
export function sameColumns(log: SequenceSource, cols: SequenceSource): boolean {
  return (
    cols.n === log.n && cols.start === log.start && cols.dur === log.dur && cols.pair === log.pair && cols.pairCall.length === log.pairCall.length &&
    cols.caseOffsets.length === log.caseOffsets.length && cols.caseOffsets.every((o, k) => o === log.caseOffsets[k])
  );
}

export class LogIndex {
  private stats: PairStats | undefined;
  private durations: PairDurations | undefined;
  private runSpan: RunSpan | undefined;
  private cases: CaseMeasures | undefined;
  private untracedTime: UntracedTime | undefined;
  private seq: SeqIndex | undefined;
  private sorted: SortedSeed | undefined;
  /** The logs mappings are compiled against (mappingLog: pids normalised, layers in the calls), per mappingLogKey. */
  private readonly mappedLogs = new Map<string, LogIndex>();
  private readonly order: LogIndexSeeds['order'];
  private readonly timeOrder: LogIndexSeeds['timeOrder'];
  private settled = false;

  constructor(
    readonly log: EventLog,
    seeds: LogIndexSeeds = {},
  ) {
    this.order = seeds.order;
    this.timeOrder = seeds.timeOrder;
    if (seeds.pairStats) {
      if (seeds.pairStats.count.length !== log.pairCall.length) throw new Error('LogIndex: the pair sums of another log');
      this.stats = seeds.pairStats;
    }
    if (seeds.sequence && sameColumns(log, seeds.sequence.cols)) this.seq = seeds.sequence.index;
    else if (seeds.sorted) {
      if (seeds.sorted.entries.length !== 2 * seeds.sorted.starts || seeds.sorted.starts > log.n) throw new Error('LogIndex: not a sort of these columns');
      this.sorted = seeds.sorted;
    }
  }

  /** Per (call, fp) pair: count, Σ dur, bytes, Σ rate, failures, errnos. */
  get pairStats(): PairStats {
    return (this.stats ??= pairStats(this.log));
  }

  get hasPairStats(): boolean {
    return this.stats !== undefined;
  }

  /** Each pair's known durations, sorted (the duration quantiles). */
  get pairDurations(): PairDurations {
    return (this.durations ??= pairDurations(this.log));
  }

  get hasPairDurations(): boolean {
    return this.durations !== undefined;
  }

  /** t0, the run span, each case's first start and last end. */
  get span(): RunSpan {
    return (this.runSpan ??= runSpan(this.log));
  }

  /** The comparison's per-case measures (wall, traced, coverage, bytes, failures). */
  get caseMeasures(): CaseMeasures {
    return (this.cases ??= caseMeasures(this.log));
  }

  /** The untraced time per case (time/gaps.ts, from the log's own t0): the comparison's untraced measure. */
  get untraced(): UntracedTime {
    return (this.untracedTime ??= untracedTime(this.log));
  }

  /** The mc sweep's sequence (from a time sort given at construction, else sorted here). */
  get sequence(): SeqIndex {
    if (this.seq === undefined) {
      const sorted = this.sorted;
      this.sorted = undefined;
      this.seq = sorted ? buildIndex(this.log, { ...sorted, scratch: new Uint32Array(0), scratch2: new Uint32Array(0) }) : buildIndex(this.log);
    }
    return this.seq;
  }

  get hasSequence(): boolean {
    return this.seq !== undefined;
  }

  /** Whether a pool thread's time order was given and is not taken yet (the sequence waits for `settle`). */
  get ordering(): boolean {
    return this.order !== undefined && !this.settled && this.seq === undefined;
  }

  /** Waits for the time order given at construction and takes it (nothing when none, or it failed). */
  async settle(): Promise<void> {
    if (!this.order || this.settled) return;
    const { cols, order } = this.order;
    const o = await order;
    if (this.settled) return;
    this.settled = true;
    if (!o || this.seq !== undefined) return;
    if (sameColumns(this.log, cols)) this.seq = o.index;
    else if (cols.start === this.log.start && cols.dur === this.log.dur && cols.n === this.log.n) this.sorted = o.sorted;
  }

  /**
   * The index of the log a mapping is compiled against (pids.ts mappingLog: per-process paths normalised,
   * the layer in each call; itself when nothing changes), made once per mappingLogKey: the same start and
   * dur columns, so it takes the sort of this log's time order. Throws MappingError for an unknown mode or
   * a bad layer rule.
   */
  mapped(spec: MappingLogSpec): LogIndex {
    const key = mappingLogKey(spec);
    if (key === '') {
      mappingLog(this.log, spec); // (checks the layer rules)
      return this;
    }
    let ix = this.mappedLogs.get(key);
    if (ix === undefined) {
      const log = mappingLog(this.log, spec);
      ix = log === this.log ? this : new LogIndex(log, { order: this.order, timeOrder: this.timeOrder });
      this.mappedLogs.set(key, ix);
    }
    return ix;
  }

  /** mapped(spec), when it was made already (else undefined). */
  mappedIfMade(spec: MappingLogSpec): LogIndex | undefined {
    const key = mappingLogKey(spec);
    return key === '' ? this : this.mappedLogs.get(key);
  }

  /** The index of this log with per-process paths normalised (pids.ts). */
  get normalised(): LogIndex {
    return this.mapped({ pids: 'normalise' });
  }

  /**
   * An index of the same log with more given (e.g. a pool thread's time order, asked for at its first
   * analysis): what this one has built already is kept (and its mapping logs, given the order too).
   */
  with(seeds: LogIndexSeeds): LogIndex {
    const next = new LogIndex(this.log, { order: this.order, timeOrder: this.timeOrder, ...seeds });
    this.copyInto(next);
    for (const [key, ix] of this.mappedLogs) {
      if (ix === this) next.mappedLogs.set(key, next);
      else {
        const copy = new LogIndex(ix.log, { order: next.order, timeOrder: next.timeOrder });
        ix.copyInto(copy);
        next.mappedLogs.set(key, copy);
      }
    }
    return next;
  }

  /**
   * This index waiting for the time order of its columns from whoever sorts elsewhere (LogIndexSeeds
   * .timeOrder), when it has no sequence, none is coming and one is made there (else itself).
   */
  pooled(): LogIndex {
    if (this.hasSequence || this.ordering || !this.timeOrder) return this;
    const order = this.timeOrder(this.log);
    return order ? this.with({ order: { cols: this.log, order } }) : this;
  }

  /** The index of a log of this one's cases, some left out (e.g. by case filters): given the same `timeOrder`. */
  selected(log: EventLog): LogIndex {
    return log === this.log ? this : new LogIndex(log, { timeOrder: this.timeOrder });
  }

  private copyInto(next: LogIndex): void {
    next.stats ??= this.stats;
    next.durations = this.durations;
    next.runSpan = this.runSpan;
    next.cases = this.cases;
    next.seq ??= this.seq;
    next.sorted ??= this.sorted;
  }

  /**
   * The index of the time window `w` of this log (time/window.ts windowLog; t0: time 0 of the window's
   * bounds): the window's mc sequence is derived from this one's when it is built (one linear pass, no
   * sort). `reuse`: the index of an earlier window of this log that is no longer needed: its buffers may
   * be overwritten (it must not be used afterwards).
   */
  window(w: TimeWindow, t0: number, reuse: LogIndex | null = null): LogIndex {
    const old = reuse !== null && reuse !== this ? reuse : null;
    const cut = windowCut(this.log, w, t0, old?.log ?? null);
    if (cut.log === this.log) return this;
    const child = new LogIndex(cut.log, { timeOrder: this.timeOrder });
    if (this.seq !== undefined && cut.log.pairCall.length === this.log.pairCall.length) child.seq = deriveWindowSequence(this.seq, cut.from, cut.to, old?.seq);
    return child;
  }
}
