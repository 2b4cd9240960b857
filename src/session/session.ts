/**
 * The one load-and-analyse core of the app and the command line (DOM-free and Node-free). A Session holds
 * the loaded log (its Loader, with the log's LogIndex) and the current Analysis (src/session/analysis.ts:
 * immutable, with its follow-ups memoised on it), and answers requests: load sources, analyse a view, the
 * follow-ups of that analysis, exports. Adapters: the worker (src/worker: protocol, File source, Web Worker
 * parse pool) and the CLI (src/cli: arguments, file-system source, worker_threads pool, text report). Every
 * public async method takes a Ctx first (progress, cancel); the worker protocol exposes them by name
 * (src/worker/protocol.ts).
 */
import { toCliJson } from '../analysis/cliJson';
import { jobRows } from '../analysis/jobs';
import { counterFiles, counterFilesJson, type CounterFilesReport } from '../analysis/darshan/counterFiles';
import type { LayerReport } from '../analysis/layers/report';
import { withStackNotes } from '../analysis/layers/notes';
import type { FlameGraph, FlameWeight } from '../analysis/layers/flame';
import type { AccessReport } from '../analysis/accessReport';
import { resolveThresholds, type InsightsResult, type Thresholds } from '../analysis/insights/index';
import { toCompareJson, type CompareJson, type CompareOptions, type CompareResult } from '../analysis/compare/index';
import type { LogIndex } from '../analysis/logIndex';
import type { AnalyzeOptions, EdgeCases, MappingSpec, TimelineData } from '../analysis/types';
import { defaultInflate } from '../ingest/gzip';
import { IMPORTERS } from '../ingest/registry';
import { CHUNK } from '../ingest/source';
import { jsonParts, writeJsonParts } from '../lib/jsonParts';
import type { EventLog } from '../model/eventlog';
import type { TraceSink, UntracedTime } from '../analysis/time/index';
import type { Phases, TimeOverview } from '../analysis/time/types';
import type { FidelityReport, PatternReport } from '../analysis/replay/index';
import type { Analysis } from './analysis';
import { compileView } from '../analysis/viewCut';
import { compileHooks, type CustomSandbox, type RegexGuard } from './compile';
import { analysisDocument, type AnalysisJson } from './exports';
import { analysisView } from './view';
import { followUps, type FollowUpRequest, type FollowUps } from './followUps';
import type { PathInputs } from '../ingest/inputs';
import { Loader } from './loader';
import { makeAnalysis, PartitionError } from './makeAnalysis';
import { poolTimeOrder } from './offload';
import { openInputs, type OpenAsk, type Opened } from './open';
import type { ReadEnv } from './readFiles';
import { replayCheckOf, replayOf, replayPatternOf, type ReplayCheckRequest, type ReplayReply, type ReplayRequest, type ReplaySide, type ReplayState } from './replay';
import type { FileOffsets, OverviewRequest, RunTimeline, RunTimelineRequest } from './time';
import type { AnalyzeParams, AnalyzeReply, Ctx, LoadItem, LoadOptions, LoadSummary, ParsePool, SessionOptions } from './types';

export type { CustomAnswers, CustomSandbox, RegexGuard } from './compile';
export type { SessionOptions } from './types';
export type { FollowUpRequest, FollowUps } from './followUps';
export { PartitionError };

/** The app's analysis options (variants: the 500 most frequent, traces cut after 1000 activities): variant traces capped, and the first graph not kept waiting for mc and p95
 * (Session.complete adds them). */
export const UI_TRACE_LIMITS: AnalyzeOptions = { maxTraceLength: 1000, maxVariants: 500, defer: true };

export { MAX_OPEN_FILES } from './readFiles';

/** What `Session.flame` draws: the weight, one activity's events (else all), green against red. */
export interface FlameRequest {
  weight?: FlameWeight;
  activity?: string | null;
  diff?: boolean;
}

export class Session {
  private readonly limits: AnalyzeOptions | undefined;
  private readonly hdf5: ((log: EventLog) => Promise<ArrayBuffer>) | undefined;
  private readonly guard: RegexGuard | undefined;
  private readonly sandbox: CustomSandbox | undefined;
  /** Loads and adds: the loaded log, its index and summary, and what it was read with (src/session/loader.ts). */
  private loader: Loader;
  private pool: ParsePool | null;
  /** How sources are read (chunk, pool, importers, inflate). */
  private env: ReadEnv;
  private readonly sortOnLoad: boolean;
  /** The current analysis (null before one, and after a new load). */
  private current: Analysis | null = null;
  /** The current insight thresholds: the last analysis' or the last `insights` call's. */
  private thresholds: Thresholds = resolveThresholds(null);
  /** wantReports was called: each analysis asks the pool for its insights and access patterns ahead. */
  private reportsWanted: 'both' | 'insights' | null = null;
  /** The loaded log's LogIndex (made once per loaded log, with the per-pair sums the load accumulated and
   * the time order a pool thread makes of it); the analyses of the log share it. */
  private loaded: LogIndex | null = null;
  /** How many analyses were started (AnalyzeReply.analysis numbers them). */
  private analyses = 0;

  constructor(opts: SessionOptions = {}) {
    this.limits = opts.limits;
    this.sortOnLoad = !!opts.sortOnLoad;
    this.hdf5 = opts.exportHdf5;
    this.sandbox = opts.customSandbox;
    this.guard = opts.regexGuard;
    this.env = { chunk: opts.chunk ?? CHUNK, pool: opts.pool ?? null, importers: opts.importers ?? IMPORTERS, inflate: opts.inflate === undefined ? defaultInflate() : opts.inflate };
    this.pool = this.env.pool;
    this.loader = new Loader(this.env, (index) => this.installed(index), poolTimeOrder(this.pool, this.limits));
  }

  /** The command line's way from the files it walked to the first analysis, in one call (open.ts). */
  async open(ctx: Ctx, inputs: PathInputs, ask: OpenAsk): Promise<Opened> {
    try {
      return await openInputs(this, { importers: this.env.importers, inflate: this.env.inflate }, ctx, inputs, ask);
    } catch (e) {
      this.pool?.cancelAll();
      throw e;
    }
  }

  /** Before a first load (Session.open): with one file (or none) for the threads, they are ended, and all is done here. */
  serial(pooled: number): void {
    if (!this.pool || pooled >= 2 || this.loader.summary) return;
    this.pool.cancelAll();
    this.pool = null;
    this.env = { ...this.env, pool: null };
    this.loader = new Loader(this.env, (index) => this.installed(index), undefined);
  }

  /**
   * Reads every source (sniffed by the importer registry, gzip files decompressed as a stream; pooled
   * importers on the pool), merges them in input order, joins strace -ff files of one prefix into one case,
   * splits cases by pid on request. A file that fails is named in `errors` and the others load; files in
   * folders that are plainly not traces are listed in `skipped`; cancelling rejects with CancelledError.
   * The newest load wins: one still running is cancelled (it rejects with CancelledError).
   */
  async load(ctx: Ctx, inputs: readonly LoadItem[], opts: LoadOptions = {}): Promise<LoadSummary> {
    return this.loader.load(ctx, inputs, opts);
  }

  /**
   * Reads more files and merges them with the loaded ones (e.g. the green runs from one folder, then the red ones from
   * another), under the options of the first load (split by pid). A file whose name (path in its dropped folder) and
   * size equal a loaded file's is not read again: it is named in `errors`; an added case whose id is already loaded gets
   * `#2` and a warning. The view's settings stay. A later `load` cancels an add still running; an add waits for a
   * running load (it adds to what that loads).
   */
  async add(ctx: Ctx, inputs: readonly LoadItem[]): Promise<LoadSummary> {
    return this.loader.add(ctx, inputs);
  }

  /** A load or add made a new log the loaded one: the previous analysis is dropped. With sortOnLoad, mc's
   * time order of the log is asked of a pool that sorts now, before its summary and the mapping. */
  private installed(index: LogIndex | null): void {
    this.loaded = index && this.sortOnLoad ? index.pooled() : index;
    this.current = null;
  }

  /**
   * Analyses the loaded log under a mapping, case filters (applied in order) and partition selectors (and insight
   * thresholds, for `insights` and the reports of this analysis): a new Analysis, which the follow-ups below then read.
   * Throws MappingError (bad regex, custom function), PartitionError or ThresholdError and then keeps the previous
   * analysis. The reply's `warnings` name the filters, rewrite rules and case filters that match nothing. `want`: the
   * follow-ups that will be asked for (`followUps`), so that a pool that runs reports starts them on idle threads.
   */
  async analyze(ctx: Ctx, params: AnalyzeParams, want: FollowUpRequest = {}): Promise<AnalyzeReply> {
    const loaded = this.need();
    const reports = want.insights ? (want.access ? 'both' : 'insights') : this.reportsWanted;
    const a = await makeAnalysis(ctx, { pool: this.pool, limits: this.limits, guard: this.guard, sandbox: this.sandbox, loaded, thresholds: this.thresholds, previous: this.current, reports, serial: ++this.analyses }, params);
    // a load that came in meanwhile made another log the loaded one: this analysis is of the old one
    if (this.loaded !== loaded) return a.reply;
    this.loaded = a.loaded;
    this.current = a;
    this.thresholds = a.thresholds;
    return a.reply;
  }

  /**
   * Several follow-ups of the current analysis in one request (one round trip from the app): the
   * deferred statistics, the comparison, the overview, phases, untraced time, layers, the insights, the
   * access patterns, a timeline, the run timeline, file offsets (src/session/followUps.ts). Each is memoised
   * on the analysis. `want.of` (AnalyzeReply.analysis): when another analysis is current, only
   * `{ stale: true }` comes back.
   */
  async followUps(ctx: Ctx, want: FollowUpRequest): Promise<FollowUps> {
    const a = this.needAnalysis();
    if (want.of !== undefined && want.of !== a.reply.analysis) return { stale: true };
    if (want.complete) ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
    return followUps(a, want, this.thresholds);
  }

  /**
   * The statistics the last analysis deferred (AnalysisResult.deferred: mc, DR, p95 duration), now computed:
   * builds their per-log indexes and fills them in (no second analysis); null when nothing was deferred.
   */
  async complete(ctx: Ctx): Promise<AnalyzeReply | null> {
    const a = this.current;
    if (!a) return null;
    ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
    return a.complete();
  }

  /** The loaded log's LogIndex (what analyses of it share); null before a load. */
  get logIndex(): LogIndex | null {
    return this.loaded;
  }

  /** The current analysis (for adapters in the same thread, e.g. the CLI); null before one. */
  get analysis(): Analysis | null {
    return this.current;
  }

  /** The events of one activity of the last analysis, one row per case (per case and pid when several). */
  async timeline(_ctx: Ctx, activity: string): Promise<TimelineData> {
    return this.needAnalysis().timeline(activity);
  }

  /** The whole-run overview of the last analysis (its mapping, case filters and partition; every event, the time
   * window is drawn on it) with the I/O phases and stragglers (docs/METHOD.md, "Time"). */
  async timeOverview(_ctx: Ctx, req: OverviewRequest): Promise<TimeOverview> {
    return this.needAnalysis().overview(req);
  }

  /** Darshan's counters per log, module, file and rank (analysis/darshan/counterFiles.ts): the whole jobs', whatever the view. */
  async counterFiles(_ctx: Ctx): Promise<CounterFilesReport> {
    return counterFiles(this.loader.log);
  }

  /** The I/O phases and stragglers of the last analysis' events (case filters and time window applied). */
  async phases(_ctx: Ctx, activities: string[] | null = null): Promise<Phases> {
    return this.needAnalysis().phases(activities);
  }

  /** Untraced time, located (docs/METHOD.md "Untraced time"): per case of the last analysis (case filters applied;
   * whole cases, every event, the time window not applied) its largest gaps between traced calls. */
  async untraced(_ctx: Ctx): Promise<UntracedTime> {
    return this.needAnalysis().untraced();
  }

  /** The last analysis' events by layer and call site (docs/METHOD.md "Layers"): per activity, per call site (the
   * Call sites table), per layer; null when the events have neither stacks (strace -k) nor a layer column. */
  async layers(_ctx: Ctx): Promise<LayerReport | null> {
    return this.needAnalysis().layers();
  }

  /** The flame graph of the last analysis' I/O stacks (docs/METHOD.md "Layers"): weighted by time, bytes or calls, of
   * one activity or all; `diff`: green against red per case (the last analysis' partition). Null without stacks. */
  async flame(_ctx: Ctx, req: FlameRequest = {}): Promise<FlameGraph | null> {
    const a = this.needAnalysis();
    if (req.diff && !a.partition) throw new PartitionError('no partition: choose the green and the red cases first');
    return a.flame(req.weight, req.activity ?? null, !!req.diff);
  }

  /** The whole-run timeline of the last analysis' events for a visible range: every case (or pid) a row. */
  async runTimeline(_ctx: Ctx, req: RunTimelineRequest): Promise<RunTimeline> {
    return this.needAnalysis().runTimeline(req);
  }

  /** The reads and writes of one file at their offsets over time (null: only the list of files). */
  async fileOffsets(_ctx: Ctx, path: string | null): Promise<FileOffsets> {
    return this.needAnalysis().fileOffsets(path);
  }

  /** The last analysis' events (case filters and time window applied) as Chrome Trace Event JSON parts. */
  async chromeTrace(_ctx: Ctx): Promise<Uint8Array[]> {
    return this.needAnalysis().chromeTrace();
  }

  /** The same, streamed to a sink (the CLI writes it to a file). */
  writeChromeTrace(sink: TraceSink): { events: number; chars: number } {
    return this.needAnalysis().writeChromeTrace(sink);
  }

  /** The cases in which `target` directly follows `source` in the last analysis. */
  async edgeCases(_ctx: Ctx, source: string, target: string): Promise<EdgeCases> {
    return this.needAnalysis().edgeCases(source, target);
  }

  /**
   * Each analysis from now on also asks a pool that has `reports` (the CLI's threads) for its insights at
   * `thresholds` (as insights() takes them) and, unless `access` is false, its access patterns (offload.ts).
   * (`analyze(ctx, params, { insights: true, access: true })` asks the same for one analysis.)
   */
  wantReports(thresholds?: Partial<Thresholds> | string | null, access = true): void {
    if (thresholds !== undefined) this.thresholds = resolveThresholds(thresholds);
    this.reportsWanted = access ? 'both' : 'insights';
  }

  /**
   * The insight rules on the last analysis (its cases, mapping and partition; docs/METHOD.md "Insights").
   * `thresholds`: overrides of the defaults as an object or JSON text (a bad one throws ThresholdError and
   * keeps the previous thresholds); undefined keeps the current ones.
   */
  async insights(_ctx: Ctx, thresholds?: Partial<Thresholds> | string | null): Promise<InsightsResult> {
    const a = this.needAnalysis();
    if (thresholds !== undefined) this.thresholds = resolveThresholds(thresholds);
    return a.insights(this.thresholds);
  }

  /** Darshan's access patterns of the last analysis' events (docs/METHOD.md "Access patterns"): per file (cases,
   * shared) and per activity. Computed on request (the Files view, the JSON export, the CLI report); kept by the analysis. */
  async access(_ctx: Ctx): Promise<AccessReport> {
    return this.needAnalysis().access();
  }

  /** The last analysis, complete (no variant caps), as the CLI's JSON document (docs/FORMATS.md), with the
   * access patterns (`nodes.*.access`, `files`) and the findings of the insight rules at the current thresholds. */
  async analysisJson(ctx: Ctx): Promise<AnalysisJson> {
    const a = this.needAnalysis();
    const doc = toCliJson(a.fullResult(), this.loader.log?.files ?? [], jobRows(this.loader.log));
    if (this.loader.log?.profiles?.length) doc.darshan_files = counterFilesJson(counterFiles(this.loader.log));
    const access = await a.access();
    const ins = await this.insights(ctx);
    return analysisDocument(doc, access, ins, () => analysisView(a.params, !!this.loader.options.splitByPid, this.thresholds), a.layers());
  }

  /**
   * Green against red under the last analysis' mapping, case filters and partition (docs/METHOD.md
   * "Comparing green and red"): per-case measures, per activity and edge the per-case values of each side,
   * U tests with Cliff's delta and BH q, the top differences. Throws when the last analysis has no partition.
   */
  async compare(_ctx: Ctx, options: CompareOptions = {}): Promise<CompareResult> {
    const r = this.needAnalysis().compare(options);
    if (!r) throw new PartitionError('no partition: choose the green and the red cases first');
    return r;
  }

  /** `compare` as the JSON document of `strace-dfg compare --json` (docs/FORMATS.md "Compare JSON output"). */
  async compareJson(ctx: Ctx): Promise<CompareJson> {
    return toCompareJson(await this.compare(ctx));
  }

  /** `compareJson` as text: what the app downloads. */
  async exportCompareJson(ctx: Ctx): Promise<string> {
    return JSON.stringify(await this.compareJson(ctx), null, 2);
  }

  /** `analysisJson` as text in parts of ~64 Ki characters (never one string: a case of 18 M events would not fit in
   * one): what the app downloads (a Blob of the parts) and `strace-dfg analyze --json` prints. */
  async exportJson(ctx: Ctx): Promise<string[]> {
    return jsonParts(await this.analysisJson(ctx), { indent: 2 });
  }

  /** `exportJson` written part by part (the CLI writes them to stdout as they come). */
  async writeJson(ctx: Ctx, write: (part: string) => void): Promise<number> {
    return writeJsonParts(await this.analysisJson(ctx), write, { indent: 2 });
  }

  /** The loaded log in the native HDF5 layout (docs/FORMATS.md). */
  async exportH5(_ctx: Ctx): Promise<ArrayBuffer> {
    const log = this.need().log;
    if (!this.hdf5) throw new Error('HDF5 export is not available here');
    // (with stacks: each stack's layer, call site and entry under the view's rules, for readers elsewhere)
    return this.hdf5(withStackNotes(log, this.current?.params.mapping.layerRules));
  }

  /** The replay folder of the last analysis' cases, or one side of its partition (docs/METHOD.md "Replay"): fio I/O
   * logs, the metadata lists, run.sh, README.md, … as texts (the CLI writes them, the app zips them). */
  async replay(ctx: Ctx, req: ReplayRequest = {}): Promise<ReplayReply> {
    return replayOf(this.replayState(ctx), req, (this.loader.log?.files ?? []).map((f) => f.name));
  }

  /** A replay's traces checked (docs/METHOD.md "Fidelity"): the loaded traces against a replay folder's files, or the
   * red cases (the replay) against the plan of the green ones (the recording). */
  async replayCheck(ctx: Ctx, req: ReplayCheckRequest = {}): Promise<FidelityReport> {
    return replayCheckOf(this.replayState(ctx), req);
  }

  /** Each case's I/O as nested loops, grouped across ranks, with an IOR command where exact (docs/METHOD.md "Pattern compression"). */
  async replayPattern(ctx: Ctx, side: ReplaySide = 'all'): Promise<PatternReport> {
    return replayPatternOf(this.replayState(ctx), side);
  }

  private replayState(ctx: Ctx): ReplayState {
    const a = this.needAnalysis();
    return {
      loaded: a.loaded.log,
      t0: a.t0,
      work: a.work.log,
      compiled: a.compiled,
      params: a.params,
      partition: a.partition,
      view: analysisView(a.params, !!this.loader.options.splitByPid, this.thresholds),
      compile: (log, params) => compileView(log, params, compileHooks(ctx, this.sandbox, this.guard)),
    };
  }

  async summary(_ctx: Ctx): Promise<LoadSummary | null> {
    return this.loader.summary;
  }

  /** The current mapping (for tests). */
  get mapping(): MappingSpec | null {
    return this.current?.params.mapping ?? null;
  }

  /** The loaded log (for adapters that write it, e.g. the CLI's convert); null before a load. */
  get log(): EventLog | null {
    return this.loader.log;
  }

  private need(): LogIndex {
    if (!this.loaded) throw new Error('no trace loaded');
    return this.loaded;
  }

  private needAnalysis(): Analysis {
    if (!this.current) throw new Error('nothing analysed yet');
    return this.current;
  }
}
