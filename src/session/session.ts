/**
 * The one load-and-analyse core of the app and the command line (DOM-free and Node-free). A Session holds
 * the loaded EventLog and answers requests: load sources, analyse a view, timelines, edge cases, exports.
 * Adapters: the worker (src/worker: protocol, File source, Web Worker parse pool) and the CLI (src/cli:
 * arguments, file-system source, worker_threads pool, text report). Every public async method takes a Ctx
 * first (progress, cancel); the worker protocol exposes them by name (src/worker/protocol.ts).
 */
import { layerReport, type LayerReport } from '../analysis/layers/report';
import { withStackNotes } from '../analysis/layers/notes';
import { flameGraph, type FlameGraph, type FlameWeight } from '../analysis/layers/flame';
import { activityEvents, completeDeferred, edgeCases, mappingLog, mappingLogKey, mappingRegexes, resolvePartition, type CompiledMapping } from '../analysis/index';
import { compileView, type CustomSandbox, type RegexGuard } from './compile';
import { toCliJson } from '../analysis/cliJson';
import { jobRows } from '../analysis/jobs';
import { counterFiles, counterFilesJson, type CounterFilesReport } from '../analysis/darshan/counterFiles';
import { heatmapOverview } from '../analysis/darshan/heatmapOverview';
import { accessReport, type AccessReport } from '../analysis/accessReport';
import { resolveThresholds, runInsights, type InsightsResult, type Thresholds } from '../analysis/insights/index';
import { compare, toCompareJson, type CompareJson, type CompareOptions, type CompareResult } from '../analysis/compare/index';
import type { AnalyzeOptions, EdgeCases, MappingSpec, PartitionSpec, TimelineData } from '../analysis/types';
import { defaultInflate } from '../ingest/gzip';
import { IMPORTERS } from '../ingest/registry';
import { CHUNK } from '../ingest/source';
import { jsonParts, writeJsonParts } from '../lib/jsonParts';
import type { EventLog } from '../model/eventlog';
import { analysisDocument, fullResult, viewText, type AnalysisJson } from './exports';
import { Loader } from './loader';
import { accessFor, analyzeWithPool, insightsFor, reportsAhead, sorting, type ReportsAhead } from './offload';
import { hasConcurrencySequence } from '../analysis/concurrency';
import { casesWithActivity, selectCases } from './logOps';
import { buildTimeline } from './timeline';
import { unmatchedCaseFilters, unmatchedMapping } from './unmatched';
import { applyWindow, chromeParts, fileOffsetsOf, isWindow, overviewOf, phasesOf, runTimelineOf, untracedOf, writeChrome, type FileOffsets, type OverviewRequest, type RunTimeline, type RunTimelineRequest } from './time';
import { runSpan, spanT0, type TraceSink, type UntracedTime } from '../analysis/time/index';
import type { Phases, TimeOverview } from '../analysis/time/types';
import type { FidelityReport, PatternReport } from '../analysis/replay/index';
import { replayCheckOf, replayOf, replayPatternOf, type ReplayCheckRequest, type ReplayReply, type ReplayRequest, type ReplaySide, type ReplayState } from './replay';
export type { CustomAnswers, CustomSandbox, RegexGuard } from './compile';
import type { AnalyzeParams, AnalyzeReply, Ctx, LoadItem, LoadOptions, LoadSummary, ParsePool, SessionOptions } from './types';
export type { SessionOptions } from './types';

/** A partition selector that matches no case or is not valid: shown beside the picker. */
export class PartitionError extends Error {
  override name = 'PartitionError';
}

/** The app's analysis options (variants: the 500 most frequent, traces cut after 1000 activities): variant traces capped, and the first graph not kept waiting for mc and p95
 * (Session.complete adds them). */
export const UI_TRACE_LIMITS: AnalyzeOptions = { maxTraceLength: 1000, maxVariants: 500, defer: true };

type Compiled = CompiledMapping;

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
  /** Loads and adds: the loaded log, its summary and what it was read with (src/session/loader.ts). */
  private readonly loader: Loader;
  private readonly pool: ParsePool | null;
  private readonly sortOnLoad: boolean;

  constructor(opts: SessionOptions = {}) {
    this.limits = opts.limits;
    this.sortOnLoad = !!opts.sortOnLoad;
    this.hdf5 = opts.exportHdf5;
    this.sandbox = opts.customSandbox;
    this.guard = opts.regexGuard;
    const env = { chunk: opts.chunk ?? CHUNK, pool: opts.pool ?? null, importers: opts.importers ?? IMPORTERS, inflate: opts.inflate === undefined ? defaultInflate() : opts.inflate };
    this.pool = env.pool;
    this.loader = new Loader(env, (log) => this.dropAnalysis(log));
  }

  private work: EventLog | null = null;
  /** The cases kept by the case filters, before the time window (what the overview shows). */
  private filtered: EventLog | null = null;
  /** Whether `work` is a time window made by this session (its buffers may then be reused). */
  private windowed = false;
  /** The loaded log with per-process paths normalised and/or the layer in each call (analysis/pids.ts
   * mappingLog), for mappings that ask for it; `key`: mappingLogKey of what it was made for. */
  private normalised: { from: EventLog; key: string; log: EventLog } | null = null;
  private compiled: Compiled | null = null;
  private params: AnalyzeParams | null = null;
  private lastReply: AnalyzeReply | null = null;
  private partition: PartitionSpec | null = null;
  private thresholds: Thresholds = resolveThresholds(null);
  private insightsCache: { reply: AnalyzeReply; t: Thresholds; r: InsightsResult } | null = null;
  private lastCompare: { reply: AnalyzeReply; result: CompareResult } | null = null;
  /** Depends only on the analysed events and the mapping (Session.complete keeps it). */
  private accessCache: { work: EventLog; compiled: Compiled; r: AccessReport } | null = null;
  private layersCache: { work: EventLog; compiled: Compiled; r: LayerReport | null } | null = null;
  /** wantReports was called: each analysis asks the pool for its insights and access patterns (`ahead`). */
  private reportsWanted: 'both' | 'insights' | null = null;
  private ahead: ReportsAhead | null = null;
  /** mc's time sort of the loaded log, started when it was installed (SessionOptions.sortOnLoad). */
  private loadSort: { log: EventLog; sorted: ReturnType<typeof sorting> } | null = null;

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
   * Reads more files and merges them with the loaded ones (e.g. the green runs from one folder, then the red
   * ones from another), under the options of the first load (split by pid). A file whose name (path in its
   * dropped folder) and size equal a loaded file's is not read again: it is named in `errors`; an added
   * case whose id is already loaded gets `#2` and a warning. The view's settings stay. A later `load`
   * cancels an add still running; an add waits for a running load (it adds to what that loads).
   */
  async add(ctx: Ctx, inputs: readonly LoadItem[]): Promise<LoadSummary> {
    return this.loader.add(ctx, inputs);
  }

  /** A load or add made `log` the loaded log: the previous analysis is dropped. */
  private dropAnalysis(log: EventLog | null): void {
    this.loadSort = log && this.sortOnLoad ? { log, sorted: sorting(this.pool, this.limits, log) } : null;
    this.work = log;
    this.filtered = null;
    this.windowed = false;
    this.compiled = null;
    this.params = null;
    this.lastReply = null;
  }

  /**
   * Analyses the loaded log under a mapping, case filters (applied in order) and partition selectors (and
   * insight thresholds, for `insights` and the reports of this analysis). Throws MappingError (bad regex,
   * custom function), PartitionError or ThresholdError and then keeps the previous state. The reply's
   * `warnings` name the filters, rewrite rules and case filters that match nothing.
   */
  async analyze(ctx: Ctx, params: AnalyzeParams): Promise<AnalyzeReply> {
    const t0 = Date.now();
    ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
    // Compile first: a bad mapping throws here and leaves the previous state untouched. The mapping is
    // compiled against the log with per-process paths normalised or the log itself.
    const loaded = this.need();
    // the first analysis of a load with a pool that sorts (the CLI): mc's time sort starts now, beside the
    // pid pass and the mapping (the analysed log keeps the loaded start and dur columns unless cases or a
    // time window are selected)
    const sameColumns = !params.caseFilters.length && !isWindow(params.time) && !params.partition?.hideUnassigned;
    const normalisedHas = this.normalised?.from === loaded && this.normalised.key === mappingLogKey(params.mapping) && hasConcurrencySequence(this.normalised.log);
    // (started when the log was installed with sortOnLoad: before its summary)
    const onLoad = this.loadSort?.log === loaded ? this.loadSort.sorted : undefined;
    this.loadSort = null;
    const sortedEarly = sameColumns && !normalisedHas ? (onLoad !== undefined ? onLoad : sorting(this.pool, this.limits, loaded)) : null;
    let base = loaded;
    const key = mappingLogKey(params.mapping);
    if (key !== '') {
      // made once per loaded log and mode (mappingLog throws a MappingError for an unknown mode or a bad layer rule)
      if (this.normalised?.from !== loaded || this.normalised.key !== key) this.normalised = { from: loaded, key, log: mappingLog(loaded, params.mapping) };
      base = this.normalised.log;
    } else mappingLog(loaded, params.mapping); // (checks the layer rules)
    // thresholds first too: a bad one throws ThresholdError and keeps the previous state
    const thresholds = params.thresholds !== undefined ? resolveThresholds(params.thresholds) : this.thresholds;
    const compiled = await compileView(ctx, base, params, this.sandbox, this.guard);
    const regexes = mappingRegexes(params.mapping);
    const warnings = this.guarded(regexes.join(' '), base.paths.length * Math.max(1, regexes.length), () => unmatchedMapping(base, params.mapping));
    warnings.push(...unmatchedCaseFilters(base, compiled, params.caseFilters));
    let work = base;
    if (params.caseFilters.length) {
      const keep = new Uint8Array(base.cases.length).fill(1);
      for (const f of params.caseFilters) {
        if (f.keep === 'cases') {
          const ids = new Set(f.ids);
          for (let c = 0; c < keep.length; c++) if (!ids.has(base.cases[c].id)) keep[c] = 0;
          continue;
        }
        const act = compiled.activities.indexOf(f.activity);
        const has = act >= 0 ? casesWithActivity(base, compiled.pairAct, act) : new Uint8Array(base.cases.length);
        for (let c = 0; c < keep.length; c++) if ((has[c] === 1) !== (f.keep === 'with')) keep[c] = 0;
      }
      work = selectCases(base, keep);
    }
    const sel = params.partition;
    let partition: PartitionSpec | null = null;
    if (sel && (sel.green.trim() || sel.red.trim())) {
      try {
        // Resolve on all loaded cases (a case filter may empty one side: that is not an error).
        const what = [sel.green, sel.red].filter((x) => x.trim().startsWith('re:')).map((x) => `/${x.trim().slice(3)}/`).join(' ');
        partition = this.guarded(what, base.cases.length, () => resolvePartition(base, sel.green.trim(), sel.red.trim()));
        if (work !== base) {
          const kept = new Set(work.cases.map((c) => c.id));
          partition = { green: partition.green.filter((id) => kept.has(id)), red: partition.red.filter((id) => kept.has(id)) };
        }
      } catch (e) {
        throw new PartitionError(e instanceof Error ? e.message : String(e));
      }
      if (sel.hideUnassigned) {
        // only the green and the red cases (after the case filters)
        const assigned = new Set([...partition.green, ...partition.red]);
        const keep = new Uint8Array(work.cases.length);
        work.cases.forEach((c, i) => void (keep[i] = assigned.has(c.id) ? 1 : 0));
        if (keep.some((k) => k === 0)) work = selectCases(work, keep);
      }
    }
    ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
    // The time window last: it cannot fail, and it may overwrite the buffers of the previous window.
    const filtered = work;
    const windowedNow = isWindow(params.time);
    work = applyWindow(base, work, params.time, this.windowed ? this.work : null);
    // Variant traces may be capped for the UI (millions of strings otherwise); the JSON export is complete.
    // With a pool that sorts (the CLI), the mc sweep's time sort runs there meanwhile (offload.ts).
    this.ahead = this.reportsWanted ? reportsAhead(this.pool, work, compiled, partition, thresholds, spanT0(loaded), this.reportsWanted === 'both', params.mapping.layerRules) : null;
    const result = await analyzeWithPool(this.pool, this.limits, work, params.mapping, partition, compiled, sortedEarly ? { cols: loaded, sorted: sortedEarly } : null);
    this.filtered = filtered;
    this.windowed = windowedNow && work !== filtered;
    this.work = work;
    this.partition = partition;
    this.compiled = compiled;
    this.params = params;
    this.thresholds = thresholds;
    this.lastReply = { result, keptCases: work.cases.length, partitionCases: partition ? { green: partition.green, red: partition.red } : null, warnings, analyzeMs: Date.now() - t0 };
    return this.lastReply;
  }

  /**
   * The statistics the last analysis deferred (AnalysisResult.deferred: mc, DR, p95 duration), now computed:
   * builds their per-log indexes and analyses again with the same view; null when nothing was deferred.
   */
  async complete(ctx: Ctx): Promise<AnalyzeReply | null> {
    const reply = this.lastReply;
    if (!reply?.result.deferred?.length || !this.params) return null;
    const t0 = Date.now();
    ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
    const { work, compiled } = this.needAnalysis();
    const result = completeDeferred(reply.result, work, compiled);
    this.lastReply = { ...reply, result, analyzeMs: Date.now() - t0 };
    return this.lastReply;
  }

  private guarded<T>(what: string, work: number, fn: () => T): T {
    return this.guard && what !== '' ? this.guard(what, work, fn) : fn();
  }

  /** The events of one activity of the last analysis, one row per case (per case and pid when several). */
  async timeline(_ctx: Ctx, activity: string): Promise<TimelineData> {
    const { work, compiled } = this.needAnalysis();
    const count = this.lastReply?.result.nodes.find((n) => n.id === activity)?.count;
    return buildTimeline(work, compiled, activity, activityEvents(work, compiled, activity, count));
  }

  /**
   * The whole-run overview of the last analysis (its mapping, case filters and partition; every event,
   * the time window is drawn on it) with the I/O phases and stragglers (docs/METHOD.md, "Time").
   */
  async timeOverview(_ctx: Ctx, req: OverviewRequest): Promise<TimeOverview> {
    const { compiled } = this.needAnalysis();
    const base = this.need();
    // Darshan logs without events: their runtime heatmaps (analysis/darshan/heatmapOverview.ts)
    const heat = base.n === 0 ? heatmapOverview(base, { ...req.heatmap, bins: req.bins }) : null;
    return heat ?? overviewOf(base, this.filtered ?? base, compiled, this.partition, req);
  }

  /** Darshan's counters per log, module, file and rank (analysis/darshan/counterFiles.ts): the whole jobs', whatever the view. */
  async counterFiles(_ctx: Ctx): Promise<CounterFilesReport> {
    return counterFiles(this.loader.log);
  }

  /** The I/O phases and stragglers of the last analysis' events (case filters and time window applied). */
  async phases(_ctx: Ctx, activities: string[] | null = null): Promise<Phases> {
    const { work, compiled } = this.needAnalysis();
    return phasesOf(this.need(), work, compiled, activities);
  }

  /**
   * Untraced time, located (docs/METHOD.md "Untraced time"): per case of the last analysis (case filters
   * applied; whole cases, every event, the time window not applied) its largest gaps between traced calls.
   */
  async untraced(_ctx: Ctx): Promise<UntracedTime> {
    this.needAnalysis();
    const base = this.need();
    return untracedOf(base, this.filtered ?? base);
  }

  /** The whole-run timeline of the last analysis' events for a visible range: every case (or pid) a row. */
  async runTimeline(_ctx: Ctx, req: RunTimelineRequest): Promise<RunTimeline> {
    const { work, compiled } = this.needAnalysis();
    return runTimelineOf(this.need(), work, compiled, this.partition, req, this.filtered ?? work, this.params?.mapping.layerRules);
  }

  /** The reads and writes of one file at their offsets over time (null: only the list of files). */
  async fileOffsets(_ctx: Ctx, path: string | null): Promise<FileOffsets> {
    const { work, compiled } = this.needAnalysis();
    return fileOffsetsOf(this.need(), work, compiled, path);
  }

  /** The last analysis' events (case filters and time window applied) as Chrome Trace Event JSON parts. */
  async chromeTrace(_ctx: Ctx): Promise<Uint8Array[]> {
    const base = this.need();
    return chromeParts(base, this.work ?? base, this.params?.mapping.layerRules);
  }

  /** The same, streamed to a sink (the CLI writes it to a file). */
  writeChromeTrace(sink: TraceSink): { events: number; chars: number } {
    const base = this.need();
    return writeChrome(base, this.work ?? base, sink, this.params?.mapping.layerRules);
  }

  /** The cases in which `target` directly follows `source` in the last analysis. */
  async edgeCases(_ctx: Ctx, source: string, target: string): Promise<EdgeCases> {
    const { work, compiled } = this.needAnalysis();
    return { source, target, cases: edgeCases(work, compiled, source, target) };
  }

  /**
   * Each analysis from now on also asks a pool that has `reports` (the CLI's threads) for its insights at
   * `thresholds` (as insights() takes them) and, unless `access` is false, its access patterns (offload.ts).
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
    const { work, compiled } = this.needAnalysis();
    if (thresholds !== undefined) this.thresholds = resolveThresholds(thresholds);
    const c = this.insightsCache;
    if (c && c.reply === this.lastReply && c.t === this.thresholds) return c.r;
    const ahead = await insightsFor(this.ahead, work, compiled, this.partition, this.thresholds);
    const r = ahead ?? runInsights(work, { mapping: compiled, partition: this.partition, thresholds: this.thresholds, t0: runSpan(this.need()).t0, layerRules: this.params?.mapping.layerRules });
    this.insightsCache = { reply: this.lastReply!, t: this.thresholds, r };
    return r;
  }

  /**
   * Darshan's access patterns of the last analysis' events (docs/METHOD.md "Access patterns"): per file
   * (cases, shared) and per activity. Computed on request (the Files view, the JSON export, the CLI
   * report), never by `analyze`; cached until the next analysis.
   */
  async access(_ctx: Ctx): Promise<AccessReport> {
    const { work, compiled } = this.needAnalysis();
    const c = this.accessCache;
    if (c && c.work === work && c.compiled === compiled) return c.r;
    const r = (await accessFor(this.ahead, work, compiled)) ?? accessReport(work, compiled);
    this.accessCache = { work, compiled, r };
    return r;
  }

  /** The last analysis, complete (no variant caps), as the CLI's JSON document (docs/FORMATS.md), with the
   * access patterns (`nodes.*.access`, `files`) and the findings of the insight rules at the current thresholds. */
  async analysisJson(ctx: Ctx): Promise<AnalysisJson> {
    const last = { reply: this.lastReply, params: this.params, partition: this.partition };
    const full = fullResult(last, this.limits, () => this.needAnalysis());
    const doc = toCliJson(full, this.loader.log?.files ?? [], jobRows(this.loader.log));
    if (this.loader.log?.profiles?.length) doc.darshan_files = counterFilesJson(counterFiles(this.loader.log));
    const access = await this.access(ctx);
    const ins = await this.insights(ctx);
    return analysisDocument(doc, access, ins, () => viewText(this.params!, !!this.loader.options.splitByPid, this.thresholds), await this.layers(ctx));
  }

  /**
   * The flame graph of the last analysis' I/O stacks (docs/METHOD.md "Layers"): weighted by time, bytes or
   * calls, of one activity or all; `diff`: green against red per case (the last analysis' partition). Null
   * when the events have no stacks.
   */
  async flame(_ctx: Ctx, req: FlameRequest = {}): Promise<FlameGraph | null> {
    const { work, compiled } = this.needAnalysis();
    const partition = req.diff ? this.partition : null;
    if (req.diff && !partition) throw new PartitionError('no partition: choose the green and the red cases first');
    return flameGraph(work, compiled, { weight: req.weight, activity: req.activity ?? null, partition, layerRules: this.params?.mapping.layerRules });
  }

  /**
   * The last analysis' events by layer and call site (docs/METHOD.md "Layers"): per activity, per call site
   * (the Call sites table), per layer; null when the events have neither stacks (strace -k) nor a layer column.
   */
  async layers(_ctx: Ctx): Promise<LayerReport | null> {
    const { work, compiled } = this.needAnalysis();
    const c = this.layersCache;
    if (c?.work !== work || c.compiled !== compiled) this.layersCache = { work, compiled, r: layerReport(work, compiled, this.params?.mapping.layerRules) };
    return this.layersCache!.r;
  }

  /**
   * Green against red under the last analysis' mapping, case filters and partition (docs/METHOD.md
   * "Comparing green and red"): per-case measures, per activity and edge the per-case values of each side,
   * U tests with Cliff's delta and BH q, the top differences. Throws when the last analysis has no partition.
   */
  async compare(_ctx: Ctx, options: CompareOptions = {}): Promise<CompareResult> {
    const { work, compiled } = this.needAnalysis();
    const reply = this.lastReply;
    if (!this.partition || !reply) throw new PartitionError('no partition: choose the green and the red cases first');
    if (this.lastCompare?.reply === reply && options.top === undefined && options.mc !== false) return this.lastCompare.result;
    const result = compare(work, this.params!.mapping, this.partition, compiled, options);
    if (options.top === undefined && options.mc !== false) this.lastCompare = { reply, result };
    return result;
  }

  /** `compare` as the JSON document of `strace-dfg compare --json` (docs/FORMATS.md "Compare JSON output"). */
  async compareJson(ctx: Ctx): Promise<CompareJson> {
    return toCompareJson(await this.compare(ctx));
  }

  /** `compareJson` as text: what the app downloads. */
  async exportCompareJson(ctx: Ctx): Promise<string> {
    return JSON.stringify(await this.compareJson(ctx), null, 2);
  }

  /**
   * `analysisJson` as text in parts of ~64 Ki characters (never one string: a case of 18 M events would
   * not fit in one): what the app downloads (a Blob of the parts) and `strace-dfg analyze --json` prints.
   */
  async exportJson(ctx: Ctx): Promise<string[]> {
    return jsonParts(await this.analysisJson(ctx), { indent: 2 });
  }

  /** `exportJson` written part by part (the CLI writes them to stdout as they come). */
  async writeJson(ctx: Ctx, write: (part: string) => void): Promise<number> {
    return writeJsonParts(await this.analysisJson(ctx), write, { indent: 2 });
  }

  /** The loaded log in the native HDF5 layout (docs/FORMATS.md). */
  async exportH5(_ctx: Ctx): Promise<ArrayBuffer> {
    const log = this.need();
    if (!this.hdf5) throw new Error('HDF5 export is not available here');
    // (with stacks: each stack's layer, call site and entry under the view's rules, for readers elsewhere)
    return this.hdf5(withStackNotes(log, this.params?.mapping.layerRules));
  }

  /**
   * The replay folder of the last analysis' cases, or one side of its partition (docs/METHOD.md "Replay"): fio
   * I/O logs, the metadata lists, run.sh, README.md, … as texts (the CLI writes them, the app zips them).
   */
  async replay(ctx: Ctx, req: ReplayRequest = {}): Promise<ReplayReply> {
    return replayOf(this.replayState(ctx), req, (this.loader.log?.files ?? []).map((f) => f.name));
  }

  /**
   * A replay's traces checked (docs/METHOD.md "Fidelity"): the loaded traces against a replay folder's files, or
   * the red cases (the replay) against the plan of the green ones (the recording).
   */
  async replayCheck(ctx: Ctx, req: ReplayCheckRequest = {}): Promise<FidelityReport> {
    return replayCheckOf(this.replayState(ctx), req);
  }

  /** Each case's I/O as nested loops, grouped across ranks, with an IOR command where exact (docs/METHOD.md "Pattern compression"). */
  async replayPattern(ctx: Ctx, side: ReplaySide = 'all'): Promise<PatternReport> {
    return replayPatternOf(this.replayState(ctx), side);
  }

  private replayState(ctx: Ctx): ReplayState {
    const { work, compiled } = this.needAnalysis();
    return {
      loaded: this.need(),
      work,
      compiled,
      params: this.params!,
      partition: this.partition,
      view: viewText(this.params!, !!this.loader.options.splitByPid, this.thresholds),
      compile: (log, params) => compileView(ctx, log, params, this.sandbox, this.guard),
    };
  }

  async summary(_ctx: Ctx): Promise<LoadSummary | null> {
    return this.loader.summary;
  }

  /** The current mapping (for tests). */
  get mapping(): MappingSpec | null {
    return this.params?.mapping ?? null;
  }

  /** The loaded log (for adapters that write it, e.g. the CLI's convert); null before a load. */
  get log(): EventLog | null {
    return this.loader.log;
  }

  private need(): EventLog {
    const log = this.loader.log;
    if (!log) throw new Error('no trace loaded');
    return log;
  }
  private needAnalysis(): { work: EventLog; compiled: Compiled } {
    if (!this.work || !this.compiled) throw new Error('nothing analysed yet');
    return { work: this.work, compiled: this.compiled };
  }
}
