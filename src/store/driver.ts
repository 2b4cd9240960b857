/**
 * The store loop: ONE driver that makes the worker hold what the store wants — the files, the analysis of the
 * view, the follow-ups the selection and the panels need. Actions say what they want (`wantFiles`,
 * `wantAnalysis`, `wantReport`, or a state change such as the selection) and call `request()`; the loop asks
 * `nextStep(wanted, have)` (reconcile.ts) and runs that step until nothing is left. One generation number:
 * a request that supersedes the work in flight bumps it, and a superseded step's answer is dropped in one
 * place (`settle`). The slow follow-ups (mc, the comparison) run beside the loop, never holding up the fast;
 * after a new graph they are asked right behind its fast round (reconcile.ts slowBehind), not after its answer.
 */
import type { LoadInput } from '../worker/protocol';
import type { AnalyzeOver } from './analysis';
import { analysisFailed, analysisTarget, applyAnalysis } from './analysis';
import { stopped, type StoreBase } from './context';
import { applyFast, applySlow, fastRequest, loadCall, loadFailed, loadStarted, slowFailed, slowStarted, wantedOf } from './steps';
import { NOTHING, nextStep, slowBehind, stillWanted, type Have, type Step, type Wanted } from './reconcile';
import { plan } from '../session/view';

export class Driver {
  /** The one generation number (reconcile.ts Wanted.gen). */
  gen = 0;
  files = 0;
  addTo: number | null = null;
  /** The files to add (Session.add) to the set `addTo`, and the set to go back to when that is cancelled. */
  private adding: { inputs: LoadInput[]; before: LoadInput[] } | null = null;
  /** The change of the view the analysis asked for is made of (set in the view once it has succeeded). */
  over: AnalyzeOver | null = null;
  /** Why the analysis asked for differs from the view's (set as partitionError once it has succeeded). */
  private note: string | null = null;
  /** The panels' reports asked of the current analysis (the Insights and Files views). */
  reports = { insights: false, access: false };
  /** The file set whose load was last started (the first set keeps a link's case filters and selection). */
  private loaded = 0;
  private have: Have = { ...NOTHING };
  /** The current analysis' number (AnalyzeReply.analysis): what the follow-ups are asked of. */
  private of: number | undefined;
  /** The load, add or analysis in flight (Cancel stops it; new files cancel it). */
  private inflight: { id: number; done: Promise<unknown> } | null = null;
  private slow: Promise<void> | null = null;
  private slowError: unknown = null;
  /** The requests waiting for the worker to match (a request for older files gives way to newer ones). */
  private waiters: { files: number; resolve(): void; reject(e: unknown): void }[] = [];
  private running = false;
  private wake: (() => void) | null = null;

  constructor(private readonly ctx: StoreBase) {}

  /** New files (`add`: added to the loaded ones): the newest set wins, what is in flight for the old is stopped. */
  wantFiles(add?: { inputs: LoadInput[]; before: LoadInput[] }): Promise<void> {
    this.addTo = add && this.files !== 0 ? this.files : null;
    this.adding = add ?? null;
    this.files = ++this.gen; // (a file set is named by the generation that asked for it)
    this.over = null; // (a change not yet analysed is dropped with the files it was for)
    this.note = null;
    for (const w of this.waiters.filter((x) => x.files < this.files)) w.resolve();
    this.waiters = this.waiters.filter((x) => x.files >= this.files);
    this.cancel();
    return this.request();
  }

  /** The analysis of the view with `over` (the newest request wins); with nothing to analyse, the view only. */
  wantAnalysis(over: AnalyzeOver): Promise<void> {
    const { get, set } = this.ctx;
    const s = get().summary;
    if (!s || (s.cases === 0 && !s.jobs?.length)) {
      set({ view: { ...get().view, ...over } });
      return Promise.resolve();
    }
    this.over = over;
    this.gen++;
    return this.request();
  }

  /** A panel's report of the current analysis (asked once per analysis). */
  wantReport(which: 'insights' | 'access'): Promise<void> {
    this.reports[which] = true;
    return this.request();
  }

  /** The selection changed: its timeline is asked for again (even of an activity shown before). */
  reselect(): void {
    this.have.timeline = null;
  }

  /** Asks the worker to match what is wanted now: resolves when it does (or newer files replace these). */
  request(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ files: this.files, resolve, reject });
      if (!this.running) void this.loop();
      else this.wake?.();
    });
  }

  /** Cancel: stops the load or analysis in flight. */
  cancel(): void {
    if (this.inflight) this.ctx.client.cancel(this.inflight.id);
  }

  /** The worker was restarted (Retry): it holds nothing, and the failed load may be tried again. */
  restarted(): void {
    this.have = { ...NOTHING, overview: this.have.overview };
  }

  /** The worker lost what it held (restarted after a stuck request or a catastrophic regex). */
  private lost(): void {
    this.have = { ...NOTHING, failedFiles: this.have.failedFiles, overview: this.have.overview };
  }

  /** What is wanted now (steps.ts wantedOf: from the state and the requests). */
  wanted(): Wanted {
    return wantedOf(this.ctx.get(), this);
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const step = nextStep(this.wanted(), this.have);
        if (step.kind === 'idle') {
          if (this.slowError !== null) {
            const e = this.slowError;
            this.slowError = null;
            throw e;
          }
          if (!this.slow) break;
          await Promise.race([this.slow, new Promise<void>((r) => (this.wake = r))]);
          this.wake = null;
          continue;
        }
        if (step.kind === 'slow') this.startSlow(step);
        else if ((await (step.kind === 'fast' ? this.askFast(step) : this.run(step))) === 'stop') break;
      }
      this.running = false;
      for (const w of this.waiters.splice(0)) w.resolve();
    } catch (e) {
      this.running = false;
      for (const w of this.waiters.splice(0)) w.reject(e);
    }
  }

  /**
   * The answer to `step` (asked when `asked` was wanted), or undefined when it no longer serves what is wanted:
   * THE place where a superseded answer is dropped. A worker that lost what it held is noted whatever the age.
   */
  private async settle<T>(step: Step, asked: Wanted, promise: Promise<T>): Promise<{ ok: T } | { error: Error } | undefined> {
    try {
      const ok = await promise;
      return stillWanted(step, asked, this.wanted()) ? { ok } : undefined;
    } catch (e) {
      if (stopped(e)) this.lost();
      return stillWanted(step, asked, this.wanted()) ? { error: e as Error } : undefined;
    }
  }

  private call<T>(promise: { id: number; promise: Promise<T> }): Promise<T> {
    const done = promise.promise.finally(() => {
      if (this.inflight?.done === done) this.inflight = null;
    });
    this.inflight = { id: promise.id, done };
    return done;
  }

  /** Runs a load, an add, an analysis or the fast follow-ups; 'stop' ends the loop (a failure the user sees). */
  private async run(step: Step): Promise<'stop' | void> {
    const ctx = this.ctx;
    const { client, get, refs } = ctx;
    const asked = this.wanted();
    if (step.kind === 'load' || step.kind === 'add') {
      const add = step.kind === 'add' ? this.adding! : null;
      const first = this.loaded === 0;
      if (!add && asked.files !== this.loaded && !first) refs.linkSelection = null;
      loadStarted(ctx, add ? 'add' : asked.files !== this.loaded && !first ? 'new' : 'reload');
      this.loaded = asked.files;
      this.have.overview = add ? this.have.overview : null;
      const r = await this.settle(step, asked, this.call(add ? client.call('add', [add.inputs], (p) => ctx.set({ progress: p })) : loadCall(ctx)));
      if (!r) return;
      if ('error' in r) {
        if (add && !stopped(r.error)) {
          refs.files = add.before; // the worker keeps what it held
          this.files = this.addTo!;
        } else if (!add) this.have.failedFiles = asked.files; // (an add whose worker was lost: the next change reads all)
        return loadFailed(ctx, r.error);
      }
      this.have = { ...NOTHING, files: asked.files, overview: this.have.overview };
      this.adding = null;
      ctx.set({ summary: r.ok, progress: null, ...(add ? {} : { loadFilter: refs.loadFilter }) });
      if (r.ok.cases === 0 && !r.ok.jobs?.length) {
        ctx.set({ status: 'error', banner: { message: 'No trace could be loaded: see the errors below.', canRetry: false } });
        return 'stop';
      }
      return;
    }
    if (step.kind === 'analyze') {
      const over = this.over ?? {};
      const view = analysisTarget(get().view, over);
      ctx.set({ status: 'analyzing' });
      const r = await this.settle(step, asked, this.call(client.call('analyze', [plan(view).analyze])));
      if (!r) return;
      this.over = null;
      if ('error' in r) {
        this.have.analysis = this.wanted().analysis;
        const next = await analysisFailed(ctx, r.error, view, over);
        if (next === 'stop') return 'stop';
        this.over = next.over; // (the graph without the link's partition, and why)
        this.note = next.note;
        this.have.analysis = null;
        return;
      }
      this.have = { ...this.have, analysis: asked.analysis, current: true, timeline: null, insights: false, access: false, untraced: false, layers: false, slow: false };
      this.reports = { insights: false, access: false };
      this.of = r.ok.analysis;
      // The state is set at once (the page renders the new graph in a microtask after); its follow-ups are asked
      // before that render, so the worker computes them while the page draws (not after: 0.1–0.3 s on 1 GB).
      const applied = applyAnalysis(ctx, r.ok, over, this.note);
      this.note = null;
      const next = nextStep(this.wanted(), this.have);
      const ahead = next.kind === 'fast' ? this.askFast(next) : null;
      if (next.kind === 'slow') this.startSlow(next);
      await applied;
      return ahead ?? undefined;
    }
    if (step.kind !== 'fast') return;
    const want = fastRequest(ctx, step, asked);
    Object.assign(this.have, { timeline: step.timeline ?? this.have.timeline, insights: this.have.insights || step.insights, access: this.have.access || step.access, untraced: this.have.untraced || step.untraced, layers: this.have.layers || step.layers });
    const r = await this.settle(step, asked, client.call('followUps', [{ of: this.of, ...want.request }]).promise.finally(want.done));
    if (!r) return;
    if ('error' in r) throw r.error;
    if (r.ok.stale) return;
    if (applyFast(ctx, r.ok, want, this.wanted())) this.have.overview = want.overviewKey;
  }

  /** A fast round, with the slow follow-ups asked right behind it (reconcile.ts slowBehind): the fast round has
   * asked the worker when this returns. */
  private askFast(step: Extract<Step, { kind: 'fast' }>): Promise<'stop' | void> {
    const running = this.run(step);
    const behind = slowBehind(this.wanted(), this.have);
    if (behind) this.startSlow(behind);
    return running;
  }

  /** The slow follow-ups, beside the loop: the loop waits for them only when nothing else is to be done. */
  private startSlow(step: Extract<Step, { kind: 'slow' }>): void {
    const asked = this.wanted();
    this.have.slow = true;
    slowStarted(this.ctx, step);
    const p = this.settle(step, asked, this.ctx.client.call('followUps', [{ of: this.of, complete: step.complete, compare: step.compare }]).promise).then((r) => {
      if (r && 'error' in r) this.slowError = slowFailed(this.ctx, r.error, step);
      else if (r && !r.ok.stale) applySlow(this.ctx, r.ok, step);
      if (r) this.ctx.set({ completing: false });
      if (this.slow === p) this.slow = null;
    });
    this.slow = p;
  }
}
