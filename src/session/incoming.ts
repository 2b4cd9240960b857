/**
 * What a load on a parse pool does with the per-file logs while the others still parse (this thread waits
 * for the pool anyway), so that less is left for after the last file:
 * - in merge order (input order), as far as the files before have come in: their names and (call, fp)
 *   pairs interned (model/merge.ts LogMerger) and their per-pair sums accumulated with the merged ids
 *   (PairStatsAccumulator): exactly the sums of a pass over the merged log, which the first analysis then
 *   does not make (docs/BENCHMARKS.md "first graph");
 * - once AHEAD_AT (85 %) of the input bytes are parsed: the merged columns allocated for the event count
 *   those files predict and their pages touched, a slice per event-loop turn (model/columnsAhead.ts). Not
 *   sooner: the files come in input order, and the first half of a folder (one program's runs, say) may
 *   have other events per byte than the second.
 */
import { PairStatsAccumulator, type PairStats } from '../analysis/pairStats';
import { ColumnsAhead, LogMerger } from '../model/index';
import type { EventLog } from '../model/eventlog';

/** The share of the input bytes parsed when the columns are allocated ahead. */
export const AHEAD_AT = 0.85;

export class IncomingLogs {
  private readonly settled: boolean[];
  private readonly logs: (EventLog | null)[];
  /** Files before this one have all come in (and been added to the merger). */
  private next = 0;
  private readonly merger = new LogMerger();
  private readonly sums = new PairStatsAccumulator();
  private parsedEvents = 0;
  private parsedBytes = 0;
  private columns: ColumnsAhead | null = null;

  /**
   * @param count the inputs of the load, in merge order
   * @param total their bytes
   * @param aheadFrom the fewest total bytes for which the columns are touched ahead (needs `pause`)
   */
  constructor(
    count: number,
    private readonly total: number,
    private readonly shared: boolean,
    private readonly pause: (() => Promise<void>) | undefined,
    private readonly aheadFrom: number,
  ) {
    this.settled = new Array<boolean>(count).fill(false);
    this.logs = new Array<EventLog | null>(count).fill(null);
  }

  /** Input k is done: its log (null: it failed or was skipped) from `bytes` input bytes. */
  settle(k: number, log: EventLog | null, bytes: number): void {
    this.settled[k] = true;
    this.logs[k] = log;
    if (log) {
      this.parsedEvents += log.n;
      this.parsedBytes += bytes;
      if (!this.columns && this.pause && this.total >= this.aheadFrom && this.parsedBytes >= AHEAD_AT * this.total && this.parsedEvents > 0) {
        this.columns = ColumnsAhead.estimate(this.parsedEvents, this.parsedBytes, this.total, this.shared);
        void this.columns.touch(this.pause);
      }
    }
    while (this.next < this.settled.length && this.settled[this.next]) {
      const l = this.logs[this.next++];
      if (!l) continue;
      const maps = this.merger.add(l);
      this.sums.add(l, maps.pairMap, maps.errMap, this.merger.pairs);
    }
  }

  /** Ends the touching of the columns (the merge starts, or the load stopped). */
  stop(): void {
    this.columns?.stop();
  }

  /** The columns allocated ahead (null: none). */
  get ahead(): ColumnsAhead | null {
    return this.columns;
  }

  /**
   * The merged log of `logs` (with `shared` columns), when they are the logs that came in, in that order
   * (else null), into the columns allocated ahead when they fit; `pairStats` then gives its per-pair sums.
   */
  merge(logs: readonly EventLog[], shared: boolean): EventLog | null {
    const mine = this.merger.logs;
    if (shared !== this.shared || mine.length !== logs.length || mine.some((l, i) => l !== logs[i])) return null;
    return this.merger.build(shared, this.columns);
  }

  /** The accumulated per-pair sums: those of `log`, the log merge() gave (its LogIndex is made with them). */
  pairStats(log: EventLog): PairStats {
    return this.sums.result(log.pairCall.length);
  }
}
