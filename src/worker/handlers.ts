/**
 * The work of the analysis worker, testable in Node: one Session holds the loaded EventLog and answers
 * the requests of protocol.ts. The worker entry (worker.ts) only routes messages here.
 */
import { activityEvents, analyze, compileMapping, edgeCases, resolvePartition } from '../analysis/index';
import { toCliJson } from '../analysis/cliJson';
import type { EdgeCases, MappingSpec, PartitionSpec, TimelineData } from '../analysis/types';
import { mergeLogs, splitCasesByPid } from '../model/index';
import type { EventLog } from '../model/eventlog';
import { exportHdf5 } from './hdf5';
import { CHUNK, FileFormatError, loadFile, Throttle, type Cancel } from './load';
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
  /** @param chunk bytes per File.slice read (tests use tiny chunks to cross line boundaries). */
  constructor(private readonly chunk = CHUNK) {}

  private base: EventLog | null = null;
  private work: EventLog | null = null;
  private compiled: Compiled | null = null;
  private params: AnalyzeParams | null = null;
  private lastReply: AnalyzeReply | null = null;
  private loaded: LoadSummary | null = null;

  async load(ctx: Ctx, inputs: LoadInput[], opts: LoadOptions = {}): Promise<LoadSummary> {
    const total = inputs.reduce((s, i) => s + i.file.size, 0);
    const throttle = new Throttle(ctx.progress);
    let done = 0;
    const logs: EventLog[] = [];
    const errors: FileError[] = [];
    const casesPerFile = new Map<string, number>();
    for (const input of inputs) {
      const name = input.name || input.file.name;
      throttle.report('parse', done, total, name, true);
      try {
        const log = await loadFile(input.file, name, ctx.cancel, (n) => {
          done += n;
          throttle.report('parse', done, total, name);
        }, this.chunk);
        if (log.cases.length === 0 && log.n === 0 && log.files.every((f) => f.events === 0 && f.unparsable.length === 0)) {
          errors.push({ file: name, message: `${name}: no system calls found` });
        }
        casesPerFile.set(name, log.cases.length);
        logs.push(log);
      } catch (e) {
        if (e instanceof CancelledError) throw e;
        const msg = e instanceof Error ? e.message : String(e);
        errors.push({ file: name, message: e instanceof FileFormatError || msg.includes(name) ? msg : `${name}: ${msg}` });
      }
      done = Math.max(done, 0);
    }
    throttle.report('merge', total, total, '', true);
    let log: EventLog | null = logs.length ? mergeLogs(logs) : null;
    if (log && opts.splitByPid) log = splitCasesByPid(log);
    this.base = log;
    this.work = log;
    this.compiled = null;
    this.params = null;
    this.lastReply = null;
    this.loaded = summarize(log, errors, casesPerFile);
    return this.loaded;
  }

  async analyze(ctx: Ctx, params: AnalyzeParams): Promise<AnalyzeReply> {
    const base = this.need();
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
        partition = resolvePartition(work, sel.green.trim(), sel.red.trim());
      } catch (e) {
        throw new PartitionError(e instanceof Error ? e.message : String(e));
      }
    }
    const result = analyze(work, params.mapping, partition, compiled);
    this.work = work;
    this.compiled = compiled;
    this.params = params;
    this.lastReply = { result, keptCases: work.cases.length, partitionCases: partition ? { green: partition.green, red: partition.red } : null };
    return this.lastReply;
  }

  async timeline(_ctx: Ctx, activity: string): Promise<TimelineData> {
    const { work, compiled } = this.needAnalysis();
    return buildTimeline(work, compiled, activity, activityEvents(work, compiled, activity));
  }

  async edgeCases(_ctx: Ctx, source: string, target: string): Promise<EdgeCases> {
    const { work, compiled } = this.needAnalysis();
    return { source, target, cases: edgeCases(work, compiled, source, target) };
  }

  async exportJson(): Promise<string> {
    const reply = this.lastReply;
    if (!reply || !this.params) throw new Error('nothing analysed yet');
    return JSON.stringify(toCliJson(reply.result, this.base?.files ?? []), null, 2);
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
