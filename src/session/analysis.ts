/**
 * One analysis of a loaded log (docs/ARCHITECTURE.md "The Session"): what was analysed and how (the
 * parameters, the compiled mapping, the resolved partition, the thresholds), the logs and their indexes,
 * the reply, and everything that follows from it, each computed on first request and kept here: the
 * deferred statistics, insights, access patterns, comparison, phases, the run timeline's rows, the
 * complete (uncapped) result. It is made for a view, cuts it (`cut`: src/analysis/viewCut.ts) and answers
 * (`answer`); nothing of it changes after that: a new analysis is a new Analysis, and its caches die with the old one. Replies that carry typed arrays the worker transfers to the UI (timelines,
 * the overview, file offsets, the Chrome trace) are made per request.
 */
import { accessReport, type AccessReport } from '../analysis/accessReport';
import { heatmapOverview } from '../analysis/darshan/heatmapOverview';
import { compare, type CompareOptions, type CompareResult } from '../analysis/compare/index';
import { activityEvents, analyze, edgeCases, type CompiledMapping } from '../analysis/index';
import { runInsights, type InsightsResult, type Thresholds } from '../analysis/insights/index';
import type { LogIndex } from '../analysis/logIndex';
import { caseSides } from '../analysis/partition';
import { layerReport, type LayerReport } from '../analysis/layers/report';
import { layerInfo, type LayerInfo } from '../analysis/layers/classify';
import { flameGraph, type FlameGraph, type FlameWeight } from '../analysis/layers/flame';
import { rowGaps, untracedTime, type UntracedTime } from '../analysis/time/gaps';
import { fileOffsets } from '../analysis/time/offsets';
import { phases } from '../analysis/time/phases';
import { runRows, runTimeline, type RunRows } from '../analysis/time/runTimeline';
import type { TraceSink } from '../analysis/time/index';
import type { Phases, TimeOverview } from '../analysis/time/types';
import type { AnalysisResult, AnalyzeOptions, EdgeCases, PartitionSpec, TimelineData } from '../analysis/types';
import { cutView, type CutEnv, type ViewCut } from '../analysis/viewCut';
import { accessFor, analyzeWithPool, completeWithPool, insightsFor, reportsAhead, type ReportsAhead } from './offload';
import { buildTimeline } from './timeline';
import { chromeParts, overviewOf, writeChrome, type FileOffsets, type OverviewRequest, type RunTimeline, type RunTimelineRequest } from './time';
import type { AnalyzeParams, AnalyzeReply, ParsePool } from './types';

/** What an Analysis is asked for (src/session/makeAnalysis.ts): the view, and how to answer it. */
export interface AnalysisAsk {
  params: AnalyzeParams;
  /** The pool the reports are asked of as the analysis starts (the CLI's threads), and which ones (Session.wantReports). */
  pool: ParsePool | null;
  reports: 'both' | 'insights' | null;
  /** The variant caps of the reply (the app's); the complete result has none. */
  limits: AnalyzeOptions | undefined;
  /** The number of this analysis in the Session (AnalyzeReply.analysis), and when it was asked for (Date.now(): AnalyzeReply.analyzeMs). */
  serial: number;
  startedAt: number;
}

const sameThresholds = (a: Thresholds, b: Thresholds): boolean => (Object.keys(a) as (keyof Thresholds)[]).every((k) => Object.is(a[k], b[k])) && Object.keys(a).length === Object.keys(b).length;

export class Analysis {
  readonly params: AnalyzeParams;
  private readonly ask: AnalysisAsk;
  /** The cut of the view (`cut`): the logs and indexes analysed, the compiled mapping, partition, thresholds, warnings. */
  private made: ViewCut | undefined;
  /** The first reply (`answer`), and the reports asked of the pool meanwhile. */
  private answered: Promise<AnalyzeReply> | undefined;
  private first: AnalyzeReply | undefined;
  private ahead: ReportsAhead | null = null;
  private completed: AnalyzeReply | undefined;
  private completing: Promise<AnalyzeReply> | undefined;
  private readonly insightsMemo: { t: Thresholds; r: Promise<InsightsResult> }[] = [];
  private accessMemo: Promise<AccessReport> | undefined;
  private compareMemo: CompareResult | undefined;
  private full: AnalysisResult | undefined;
  private readonly phasesMemo = new Map<string, Phases>();
  private readonly rowsMemo = new Map<boolean, RunRows>();
  private untracedMemo: UntracedTime | undefined;
  private layersMemo: LayerReport | null | undefined;
  private layerInfoMemo: LayerInfo | null | undefined;

  constructor(ask: AnalysisAsk) {
    this.ask = ask;
    this.params = ask.params;
  }

  /**
   * The cut of this analysis' view from the loaded log's index (src/analysis/viewCut.ts: the mapping compiled under
   * the Session's guard and sandbox, the case filters, the partition, the time window), made once, before `answer`.
   * It throws (MappingError, PartitionError, ThresholdError) before anything is kept: makeAnalysis drops this Analysis.
   */
  async cut(index: LogIndex, env: CutEnv): Promise<void> {
    if (this.made) throw new Error('the analysis has cut its view already');
    this.made = await cutView(index, this.params, env);
  }

  private get view(): ViewCut {
    if (!this.made) throw new Error('the analysis has not cut its view yet');
    return this.made;
  }

  get compiled(): CompiledMapping {
    return this.view.compiled;
  }

  get partition(): PartitionSpec | null {
    return this.view.partition;
  }

  get thresholds(): Thresholds {
    return this.view.thresholds;
  }

  /** The analysed events (case filters, hidden unassigned cases and the time window applied). */
  get work(): LogIndex {
    return this.view.work;
  }

  /** The loaded log's index this analysis used (with the time order a pool made for it: the Session keeps it). */
  get loaded(): LogIndex {
    return this.view.loaded;
  }

  /** Whether `work` is a time window made for this analysis (its buffers may be reused by the next one). */
  get windowed(): boolean {
    return this.view.windowed;
  }

  /** Time 0 of every time view: the earliest event start of all loaded cases. */
  get t0(): number {
    return this.loaded.span.t0;
  }

  /**
   * The first reply, made once: the reports asked of a pool that runs them (the CLI's idle threads compute the
   * insights and access patterns meanwhile, offload.ts reportsAhead), then the analysis of the analysed log
   * (with mc's time order from the pool when its index waits for one: offload.ts analyzeWithPool). makeAnalysis
   * awaits it: the Session keeps only an answered Analysis.
   */
  answer(): Promise<AnalyzeReply> {
    return (this.answered ??= this.firstReply());
  }

  private async firstReply(): Promise<AnalyzeReply> {
    const { params, partition, compiled, work, ask } = this;
    const wlog = work.log;
    if (ask.reports) this.ahead = reportsAhead(ask.pool, wlog, compiled, partition, this.thresholds, this.t0, ask.reports === 'both', params.mapping.layerRules);
    const result = await analyzeWithPool(ask.limits, work, params.mapping, partition, compiled);
    this.first = { result, keptCases: wlog.cases.length, partitionCases: partition ? { green: partition.green, red: partition.red } : null, warnings: this.view.warnings, analyzeMs: Date.now() - ask.startedAt, analysis: ask.serial };
    return this.first;
  }

  /** The reply: the first one, or with the deferred statistics once `complete` has filled them in. */
  get reply(): AnalyzeReply {
    return this.completed ?? this.answeredReply();
  }

  private answeredReply(): AnalyzeReply {
    if (!this.first) throw new Error('the analysis has not answered yet');
    return this.first;
  }

  /**
   * The statistics the analysis deferred (mc, DR, p95), filled in (null when nothing was deferred); mc from
   * the pool thread's time order when one is coming (offload.ts completeWithPool).
   */
  complete(): Promise<AnalyzeReply | null> {
    const first = this.answeredReply();
    if (!first.result.deferred?.length) return Promise.resolve(null);
    return (this.completing ??= (async () => {
      const t0 = Date.now();
      const result = await completeWithPool(first.result, this.work, this.compiled);
      this.completed = { ...first, result, analyzeMs: Date.now() - t0 };
      return this.completed;
    })());
  }

  /** The result without the variant caps of the reply (analysed again only when the reply was capped). */
  fullResult(): AnalysisResult {
    if (!this.ask.limits) return this.reply.result;
    return (this.full ??= analyze(this.work.log, this.params.mapping, this.partition, this.compiled, {}, this.work));
  }

  /** The insight findings at `thresholds` (the analysis' own by default); the pool's when it made them. */
  insights(thresholds: Thresholds = this.thresholds): Promise<InsightsResult> {
    const hit = this.insightsMemo.find((m) => sameThresholds(m.t, thresholds));
    if (hit) return hit.r;
    const log = this.work.log;
    const r = insightsFor(this.ahead, log, this.compiled, this.partition, thresholds).then(
      (ahead) => ahead ?? runInsights(log, { mapping: this.compiled, partition: this.partition, thresholds, t0: this.t0, layerRules: this.params.mapping.layerRules }),
    );
    this.insightsMemo.push({ t: thresholds, r });
    return r;
  }

  /** Darshan's access patterns per file and activity (docs/METHOD.md "Access patterns"). */
  access(): Promise<AccessReport> {
    const log = this.work.log;
    return (this.accessMemo ??= accessFor(this.ahead, log, this.compiled).then((ahead) => ahead ?? accessReport(log, this.compiled)));
  }

  /** Green against red (docs/METHOD.md "Comparing green and red"); null without a partition. Kept for the default options. */
  compare(options: CompareOptions = {}): CompareResult | null {
    if (!this.partition) return null;
    const plain = options.top === undefined && options.mc !== false;
    if (plain && this.compareMemo) return this.compareMemo;
    const r = compare(this.work.log, this.params.mapping, this.partition, this.compiled, options, this.work);
    if (plain) this.compareMemo = r;
    return r;
  }

  /** The layers of the log's events under the view's layer rules (null: no stacks nor layer column); memoised. */
  private layerInfo(): LayerInfo | null {
    if (this.layerInfoMemo === undefined) this.layerInfoMemo = layerInfo(this.work.log, this.params.mapping.layerRules);
    return this.layerInfoMemo;
  }

  /** The events of one activity, one row per case (per case and pid when several). */
  timeline(activity: string): TimelineData {
    const log = this.work.log;
    const count = this.reply.result.nodes.find((n) => n.id === activity)?.count;
    // each event's layer under the view's layer rules (logs with stacks or a layer column), as the run timeline's
    const layers = this.layerInfo();
    return buildTimeline(log, this.compiled, activity, activityEvents(log, this.compiled, activity, count, layers), layers);
  }

  /** The whole-run overview (every event of the kept cases: the time window is drawn on it) with the I/O phases. */
  overview(req: OverviewRequest): TimeOverview {
    // Darshan logs without events: their runtime heatmaps (analysis/darshan/heatmapOverview.ts)
    const loaded = this.loaded.log;
    const heat = loaded.n === 0 ? heatmapOverview(loaded, { ...req.heatmap, bins: req.bins }) : null;
    if (heat) return heat;
    return overviewOf(this.view.filtered, this.t0, this.compiled, this.partition, req, this.untraced());
  }

  /**
   * Untraced time, located (docs/METHOD.md "Untraced time"): per case kept by the case filters (whole cases,
   * every event: the time window not applied) its largest gaps between traced calls; what fills the gaps of
   * Darshan and OTF2 cases said for their format (analysis/time/gaps.ts LAYER_GAPS).
   */
  untraced(): UntracedTime {
    return (this.untracedMemo ??= untracedTime(this.view.filtered.log, { t0: this.t0 }));
  }

  /**
   * The analysed events by layer and call site (docs/METHOD.md "Layers"); null when the events have neither
   * stacks (strace -k) nor a layer column.
   */
  layers(): LayerReport | null {
    if (this.layersMemo === undefined) this.layersMemo = layerReport(this.work.log, this.compiled, this.params.mapping.layerRules);
    return this.layersMemo;
  }

  /** The flame graph of the analysed events' I/O stacks (`diff`: green against red per case); null without stacks. */
  flame(weight: FlameWeight | undefined, activity: string | null, diff: boolean): FlameGraph | null {
    return flameGraph(this.work.log, this.compiled, { weight, activity, partition: diff ? this.partition : null, layerRules: this.params.mapping.layerRules });
  }

  /** The I/O phases and stragglers of the analysed events (of these activities only, when given). */
  phases(activities: string[] | null = null): Phases {
    const key = JSON.stringify(activities);
    let p = this.phasesMemo.get(key);
    if (!p) this.phasesMemo.set(key, (p = phases(this.work.log, this.compiled, { activities, t0: this.t0 }, this.work.span)));
    return p;
  }

  /** The whole-run timeline of a visible range: every case (or pid) a row, with the untraced gaps of the
   * kept cases (before the time window) in that range, and each mark's layer when the events have them. */
  runTimeline(req: RunTimelineRequest): RunTimeline {
    const byPid = req.byPid === true;
    const log = this.work.log;
    let rows = this.rowsMemo.get(byPid);
    if (!rows) this.rowsMemo.set(byPid, (rows = runRows(log, this.compiled.pairAct, byPid, this.partition ? caseSides(log, this.partition) : null)));
    // each mark's layer under the view's layer rules (logs with stacks or a layer column)
    const t = runTimeline(log, this.compiled, rows, this.t0, req, this.layerInfo());
    return { ...t, gaps: rowGaps(this.untraced(), t.rowCase, t.x0, t.x1) };
  }

  /** The files read or written at known offsets, and the reads and writes of `path`. */
  fileOffsets(path: string | null): FileOffsets {
    return fileOffsets(this.work.log, this.compiled, this.t0, path);
  }

  /** The cases in which `target` directly follows `source`. */
  edgeCases(source: string, target: string): EdgeCases {
    return { source, target, cases: edgeCases(this.work.log, this.compiled, source, target) };
  }

  /** The analysed events as Chrome Trace Event JSON parts (the app's download). */
  chromeTrace(): Uint8Array[] {
    return chromeParts(this.work.log, this.t0, this.params.mapping.layerRules);
  }

  /** The same, streamed to a sink (the CLI writes it to a file). */
  writeChromeTrace(sink: TraceSink): { events: number; chars: number } {
    return writeChrome(this.work.log, this.t0, sink, this.params.mapping.layerRules);
  }
}
