/**
 * The loading half of a Session (DOM-free and Node-free): reads sources into the loaded log, queues loads
 * and adds (the newest load wins), and keeps what the log was read with and from (options, source sizes,
 * errors, skipped files, warnings) for its summary. Session.load and Session.add delegate here.
 */
import { LogIndex, type LogIndexSeeds } from '../analysis/logIndex';
import { mergeLogs } from '../model/index';
import type { EventLog } from '../model/eventlog';
import { CancelledError, type Cancel } from '../ingest/source';
import { summarize } from './logOps';
import { dropDuplicateCases } from './duplicates';
import { alignMidnight } from './midnight';
import { casesPerFile, combine, emptyFiles, readFiles, sameIdWarnings, sourceOf, type ReadEnv } from './readFiles';
import type { Ctx, FileError, LoadItem, LoadOptions, LoadSummary } from './types';

export class Loader {
  /** The loaded log (null before a load) and its summary. */
  private loadedIndex: LogIndex | null = null;
  private loaded: LoadSummary | null = null;
  /** What the loaded log was read with and from: options, source sizes by name, errors, skipped files. */
  private loadOpts: LoadOptions = {};
  private sizes = new Map<string, number>();
  private errors: FileError[] = [];
  private skipped: string[] = [];
  /** Warnings of the loads themselves (case ids from several files). */
  private notes: string[] = [];
  private casesPerFile = new Map<string, number>();
  /** The last load or add (settled or not), the cancel flags of those running, the newest load's number. */
  private loading: Promise<unknown> | null = null;
  private running = new Set<Cancel>();
  private loadGen = 0;
  private lastLoad = 0;

  /**
   * `env`: how sources are read (chunk, pool, importers, inflate); `onInstall`: called when a load or add
   * makes a new log the loaded one, with its LogIndex (made here, once per loaded log: with the per-pair sums
   * the load accumulated, and `timeOrder`: who sorts its columns on the pool, offload.ts poolTimeOrder); the
   * Session keeps the index and drops its previous analysis.
   */
  constructor(
    private readonly env: ReadEnv,
    private readonly onInstall: (index: LogIndex | null) => void,
    private readonly timeOrder?: LogIndexSeeds['timeOrder'],
  ) {}

  /** The loaded log; null before a load. */
  get log(): EventLog | null {
    return this.loadedIndex?.log ?? null;
  }


  /** The summary of the last load or add; null before one. */
  get summary(): LoadSummary | null {
    return this.loaded;
  }

  /** The options the loaded log was read with (an add reads under the first load's). */
  get options(): LoadOptions {
    return this.loadOpts;
  }

  /** Session.load: reads every source into a new loaded log; the newest load wins. */
  async load(ctx: Ctx, inputs: readonly LoadItem[], opts: LoadOptions = {}): Promise<LoadSummary> {
    return this.queue(ctx, (gen) => this.loadNow(ctx, inputs, opts, gen), true);
  }

  /** Session.add: reads more files and merges them after the loaded ones. */
  async add(ctx: Ctx, inputs: readonly LoadItem[]): Promise<LoadSummary> {
    return this.queue(ctx, () => this.addNow(ctx, inputs), false);
  }

  private async loadNow(ctx: Ctx, inputs: readonly LoadItem[], opts: LoadOptions, gen: number): Promise<LoadSummary> {
    const t0 = Date.now();
    const read = await readFiles(ctx, inputs, opts, this.env, true);
    if (ctx.cancel.cancelled || gen !== this.lastLoad) {
      read.incoming?.stop();
      throw new CancelledError();
    }
    const t1 = Date.now();
    ctx.progress({ phase: 'merge', done: read.total, total: read.total, rate: 0, file: '' });
    // the same case from two sources (a folder with its own converted .h5) is loaded once
    const once = dropDuplicateCases(read.logs);
    // the cases of a run whose clocks start on both sides of midnight are put within a day
    const midnight = alignMidnight(once.logs);
    const logs = once.logs.map((x) => x.log);
    const merged = combine(logs, opts, !!this.env.pool?.sharedColumns, read.incoming);
    const t2 = Date.now();
    this.loadOpts = opts;
    this.sizes = new Map(inputs.map((i) => [sourceOf(i).name, sourceOf(i).size]));
    this.errors = [...read.errors, ...emptyFiles(logs)];
    this.skipped = read.skipped;
    this.casesPerFile = casesPerFile(logs);
    this.notes = [...once.notes, ...midnight, ...sameIdWarnings(once.logs)];
    return this.install(merged && new LogIndex(merged.log, { pairStats: merged.pairStats, timeOrder: this.timeOrder }), t0, t1, t2);
  }

  private async addNow(ctx: Ctx, inputs: readonly LoadItem[]): Promise<LoadSummary> {
    const t0 = Date.now();
    const opts = this.loadOpts;
    const again: FileError[] = [];
    const fresh = inputs.filter((i) => {
      const s = sourceOf(i);
      if (this.sizes.get(s.name) !== s.size) return true;
      again.push({ file: s.name, message: `${s.name}: already loaded (not added again)` });
      return false;
    });
    const read = await readFiles(ctx, fresh, opts, this.env);
    // (an add queued after this one waits for it; a load after it cancels it)
    if (ctx.cancel.cancelled) throw new CancelledError();
    const t1 = Date.now();
    ctx.progress({ phase: 'merge', done: read.total, total: read.total, rate: 0, file: '' });
    const base = this.log;
    // a case already loaded, or read twice by this add, is added once
    const once = dropDuplicateCases(read.logs, base);
    const midnight = alignMidnight(once.logs, base);
    const logs = once.logs.map((x) => x.log);
    const added = combine(logs, opts)?.log ?? null;
    const log = base && added ? mergeLogs([base, added]) : (base ?? added);
    const t2 = Date.now();
    const warnings = [...once.notes, ...midnight, ...sameIdWarnings(once.logs)];
    if (base && added && log) {
      const had = new Set(base.cases.map((c) => c.id));
      added.cases.forEach((c, k) => {
        if (had.has(c.id)) warnings.push(`case ${c.id} (${added.files[c.file]?.name ?? '?'}) is already loaded: added as ${log.cases[base.cases.length + k].id}`);
      });
    }
    for (const i of fresh) this.sizes.set(sourceOf(i).name, sourceOf(i).size);
    this.errors = [...this.errors, ...again, ...read.errors, ...emptyFiles(logs)];
    this.skipped = [...this.skipped, ...read.skipped];
    for (const [f, n] of casesPerFile(logs)) this.casesPerFile.set(f, n);
    this.notes = [...this.notes, ...warnings];
    return this.install(log && new LogIndex(log, { timeOrder: this.timeOrder }), t0, t1, t2);
  }

  /** The newest load wins: what still runs is cancelled by a load (an add waits for what runs before it). */
  private async queue(ctx: Ctx, body: (gen: number) => Promise<LoadSummary>, isLoad: boolean): Promise<LoadSummary> {
    // The older run rejects with CancelledError and has stopped before this one starts, so it can neither
    // overwrite this one's log nor share its pool.
    const gen = ++this.loadGen;
    if (isLoad) {
      this.lastLoad = gen;
      for (const c of this.running) c.cancelled = true;
    }
    this.running.add(ctx.cancel);
    const previous = this.loading;
    const run = (async () => {
      if (previous) await previous.catch(() => undefined);
      if (gen < this.lastLoad || ctx.cancel.cancelled) throw new CancelledError();
      return body(gen);
    })();
    this.loading = run;
    try {
      return await run;
    } finally {
      this.running.delete(ctx.cancel);
    }
  }

  /** Makes the log of `index` the loaded log (the Session drops its previous analysis) and returns its summary. */
  private install(index: LogIndex | null, t0: number, t1: number, t2: number): LoadSummary {
    const log = index?.log ?? null;
    this.loadedIndex = index;
    this.onInstall(index);
    const summary = summarize(log, [...this.errors], this.casesPerFile);
    summary.warnings.push(...this.notes);
    if (this.notes.length) summary.notes = [...this.notes];
    if (this.skipped.length) summary.skipped = [...this.skipped];
    const t3 = Date.now();
    const pool = this.env.pool;
    this.loaded = { ...summary, threads: pool && !this.loadOpts.singleThread ? pool.size : 1, loadMs: t3 - t0, phases: { parseMs: t1 - t0, mergeMs: t2 - t1, summaryMs: t3 - t2 } };
    return this.loaded;
  }
}
