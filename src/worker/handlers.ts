/**
 * The work of the analysis worker, testable in Node: one Session holds the loaded EventLog and answers
 * the requests of protocol.ts. The worker entry (worker.ts) only routes messages here.
 */
import { activityEvents, analyze, compileMapping, edgeCases, resolvePartition } from '../analysis/index';
import { toCliJson } from '../analysis/cliJson';
import type { AnalyzeOptions, EdgeCases, MappingSpec, PartitionSpec, TimelineData } from '../analysis/types';
import { sniff } from '../ingest/index';
import { joinForkedFiles, mergeLogs, splitCasesByPid } from '../model/index';
import type { EventLog } from '../model/eventlog';
import { exportHdf5 } from './hdf5';
import { CHUNK, FileFormatError, loadFile, Throttle, type Cancel } from './load';
import { pathPredicate } from './pathFilter';
import type { ParsePool } from './pool';
import { casesWithActivity, selectCases, summarize } from './logOps';
import { buildTimeline } from './timeline';
import {
  CancelledError,
  type AnalyzeParams,
  type AnalyzeReply,
  type Api,
  type FileError,
  type LoadInput,
  type LoadOptions,
  type LoadSummary,
  type Progress,
} from './protocol';

/** What the UI receives of variants: the 500 most frequent, traces cut after 1000 activities. */
const UI_TRACE_LIMITS: AnalyzeOptions = { maxTraceLength: 1000, maxVariants: 500 };

async function isHdf5File(file: LoadInput['file']): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, Math.min(4096, file.size)).arrayBuffer());
  return sniff('', head) === 'hdf5';
}

export interface Ctx {
  progress(p: Progress): void;
  cancel: Cancel;
}
export const noCtx = (): Ctx => ({ progress: () => {}, cancel: { cancelled: false } });

/** A partition selector that matches no case or is not valid: shown beside the picker. */
export class PartitionError extends Error {
  override name = 'PartitionError';
}

type Compiled = ReturnType<typeof compileMapping>;

/** Handlers: every method of Api, async, with a context for progress and cancellation. */
export type Handlers = { [M in keyof Api]: (ctx: Ctx, ...args: Parameters<Api[M]>) => Promise<ReturnType<Api[M]>> };

export class Session implements Handlers {
  /**
   * @param chunk bytes per File.slice read (tests use tiny chunks to cross line boundaries).
   * @param pool parse workers (in the browser); without one, files are parsed in this thread.
   */
  constructor(
    private readonly chunk = CHUNK,
    private readonly pool: ParsePool | null = null,
  ) {}

  private base: EventLog | null = null;
  private work: EventLog | null = null;
  private compiled: Compiled | null = null;
  private params: AnalyzeParams | null = null;
  private lastReply: AnalyzeReply | null = null;
  private partition: PartitionSpec | null = null;
  private loaded: LoadSummary | null = null;

  async load(ctx: Ctx, inputs: LoadInput[], opts: LoadOptions = {}): Promise<LoadSummary> {
    const t0 = Date.now();
    const total = inputs.reduce((s, i) => s + i.file.size, 0);
    const throttle = new Throttle(ctx.progress);
    const pool = opts.singleThread ? null : this.pool;
    const predicate = pathPredicate(opts.pathFilter);
    let done = 0;
    const logs: (EventLog | null)[] = inputs.map(() => null);
    const errors: (FileError | null)[] = inputs.map(() => null);
    throttle.report('parse', 0, total, inputs[0]?.name ?? '', true);
    const one = async (k: number): Promise<void> => {
      const input = inputs[k];
      const name = input.name || input.file.name;
      const onBytes = (n: number) => {
        done += n;
        throttle.report('parse', done, total, name);
      };
      try {
        // HDF5 files are read here (one h5wasm instance, WORKERFS), strace text in the pool.
        const usePool = pool && !(await isHdf5File(input.file));
        logs[k] = usePool
          ? await pool.parse(input.file, name, opts.pathFilter, onBytes)
          : await loadFile(input.file, name, ctx.cancel, onBytes, this.chunk, predicate);
      } catch (e) {
        if (e instanceof CancelledError || ctx.cancel.cancelled) throw new CancelledError();
        const msg = e instanceof Error ? e.message : String(e);
        errors[k] = { file: name, message: e instanceof FileFormatError || msg.includes(name) ? msg : `${name}: ${msg}` };
      }
    };
    if (pool) {
      const unwatch = pool.watch(ctx.cancel);
      try {
        await Promise.all(inputs.map((_, k) => one(k)));
      } catch (e) {
        pool.cancelAll();
        throw e;
      } finally {
        unwatch();
      }
    } else {
      for (let k = 0; k < inputs.length; k++) await one(k);
    }
    if (ctx.cancel.cancelled) throw new CancelledError();
    const t1 = Date.now();
    throttle.report('merge', total, total, '', true);
    const ok = logs.filter((l): l is EventLog => l !== null);
    const casesPerFile = new Map<string, number>();
    for (const l of ok) for (const f of l.files) casesPerFile.set(f.name, l.cases.length);
    // strace -ff: the per-process files of one prefix form one case.
    let log: EventLog | null = ok.length ? (ok.length === 1 ? ok[0] : joinForkedFiles(mergeLogs(ok))) : null;
    if (log && opts.splitByPid) log = splitCasesByPid(log);
    const t2 = Date.now();
    this.base = log;
    this.work = log;
    this.compiled = null;
    this.params = null;
    this.lastReply = null;
    const errs = errors.filter((e): e is FileError => e !== null);
    for (const l of ok) {
      if (l.n === 0 && l.files.every((f) => f.unparsable.length === 0)) errs.push({ file: l.files[0]?.name ?? '?', message: `${l.files[0]?.name ?? '?'}: no system calls found` });
    }
    const summary = summarize(log, errs, casesPerFile);
    const t3 = Date.now();
    this.loaded = { ...summary, threads: pool ? pool.size : 1, loadMs: t3 - t0, phases: { parseMs: t1 - t0, mergeMs: t2 - t1, summaryMs: t3 - t2 } };
    return this.loaded;
  }

  async analyze(ctx: Ctx, params: AnalyzeParams): Promise<AnalyzeReply> {
    const base = this.need();
    const t0 = Date.now();
    ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
    // Compile first: a bad mapping throws here and leaves the previous state untouched.
    const compiled = compileMapping(base, params.mapping);
    let work = base;
    if (params.caseFilters.length) {
      const keep = new Uint8Array(base.cases.length).fill(1);
      for (const f of params.caseFilters) {
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
        partition = resolvePartition(base, sel.green.trim(), sel.red.trim());
        if (work !== base) {
          const kept = new Set(work.cases.map((c) => c.id));
          partition = { green: partition.green.filter((id) => kept.has(id)), red: partition.red.filter((id) => kept.has(id)) };
        }
      } catch (e) {
        throw new PartitionError(e instanceof Error ? e.message : String(e));
      }
    }
    // Variant traces are capped for the UI (millions of strings otherwise); the JSON export is complete.
    const result = analyze(work, params.mapping, partition, compiled, UI_TRACE_LIMITS);
    this.work = work;
    this.partition = partition;
    this.compiled = compiled;
    this.params = params;
    this.lastReply = { result, keptCases: work.cases.length, partitionCases: partition ? { green: partition.green, red: partition.red } : null, analyzeMs: Date.now() - t0 };
    return this.lastReply;
  }

  async timeline(_ctx: Ctx, activity: string): Promise<TimelineData> {
    const { work, compiled } = this.needAnalysis();
    const count = this.lastReply?.result.nodes.find((n) => n.id === activity)?.count;
    return buildTimeline(work, compiled, activity, activityEvents(work, compiled, activity, count));
  }

  async edgeCases(_ctx: Ctx, source: string, target: string): Promise<EdgeCases> {
    const { work, compiled } = this.needAnalysis();
    return { source, target, cases: edgeCases(work, compiled, source, target) };
  }

  async exportJson(): Promise<string> {
    const reply = this.lastReply;
    if (!reply || !this.params) throw new Error('nothing analysed yet');
    const { work, compiled } = this.needAnalysis();
    const full = analyze(work, this.params.mapping, this.partition, compiled);
    return JSON.stringify(toCliJson(full, this.base?.files ?? []), null, 2);
  }

  async exportH5(): Promise<ArrayBuffer> {
    return exportHdf5(this.need());
  }

  async summary(): Promise<LoadSummary | null> {
    return this.loaded;
  }

  /** The current mapping (for tests). */
  get mapping(): MappingSpec | null {
    return this.params?.mapping ?? null;
  }

  private need(): EventLog {
    if (!this.base) throw new Error('no trace loaded');
    return this.base;
  }
  private needAnalysis(): { work: EventLog; compiled: Compiled } {
    if (!this.work || !this.compiled) throw new Error('nothing analysed yet');
    return { work: this.work, compiled: this.compiled };
  }
}
