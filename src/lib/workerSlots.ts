/**
 * The bookkeeping both parse pools share (src/worker/pool.ts: Web Workers; src/cli/node/parallel.ts: worker
 * threads): one job per worker at a time; queued jobs go to an idle worker, or to a new one while fewer
 * than `size` workers live. A busy worker may have its next job reserved (`reserve`): it starts that one as
 * soon as it is done, before any other worker can take it (the browser pool reads its file meanwhile).
 */
export class WorkerSlots<W, J> {
  /** Jobs not started yet, in order. */
  queue: J[] = [];
  /** Every live worker, busy or idle. */
  all: W[] = [];
  idle: W[] = [];
  /** The job each busy worker runs. */
  readonly running = new Map<W, J>();
  /** The job reserved as each busy worker's next one (see `reserve`). */
  readonly next = new Map<W, J>();

  /**
   * @param spawn makes a worker wired to its pool (the slots add it to `all`)
   * @param start sends `job` to worker `w` (already counted in `running`); `reserved`: it was `w`'s reserved
   * next job (w goes on from its previous job without a pause)
   */
  constructor(
    readonly size: number,
    private readonly spawn: () => W,
    private readonly start: (w: W, job: J, reserved: boolean) => void,
  ) {}

  /** Starts queued jobs while a worker is idle or another may be made. */
  pump(): void {
    while (this.queue.length) {
      let w = this.idle.pop();
      if (!w) {
        if (this.all.length >= this.size) return;
        w = this.spawn();
        this.all.push(w);
      }
      const job = this.queue.shift()!;
      this.running.set(w, job);
      this.start(w, job, false);
    }
  }

  /** Takes the first queued job as busy worker `w`'s next one (started by `finished(w)`); undefined when none is queued. */
  reserve(w: W): J | undefined {
    if (!this.running.has(w) || this.next.has(w)) return undefined;
    const job = this.queue.shift();
    if (job !== undefined) this.next.set(w, job);
    return job;
  }

  /** Makes every worker now (idle), so that their start-up overlaps the caller's own work; returns the new ones. */
  prestart(): W[] {
    const made: W[] = [];
    while (this.all.length < this.size) {
      const w = this.spawn();
      this.all.push(w);
      this.idle.push(w);
      made.push(w);
    }
    return made;
  }

  /** Worker `w` is done with its job: it starts its reserved next job, or is idle again. */
  finished(w: W): void {
    this.running.delete(w);
    const job = this.next.get(w);
    if (job === undefined) {
      this.idle.push(w);
      return;
    }
    this.next.delete(w);
    this.running.set(w, job);
    this.start(w, job, true);
  }

  /**
   * Takes worker `w` out everywhere (running, idle, all); returns the job it was running, if any. Its
   * reserved next job goes back to the front of the queue.
   */
  remove(w: W): J | undefined {
    const job = this.running.get(w);
    const reserved = this.next.get(w);
    this.next.delete(w);
    if (reserved !== undefined) this.queue.unshift(reserved);
    this.running.delete(w);
    this.idle = this.idle.filter((x) => x !== w);
    this.all = this.all.filter((x) => x !== w);
    return job;
  }

  /** Empties the queue and forgets the running and reserved jobs; returns them, running first. */
  takeJobs(): J[] {
    const jobs = [...this.running.values(), ...this.next.values(), ...this.queue];
    this.queue = [];
    this.running.clear();
    this.next.clear();
    return jobs;
  }

  /** Forgets every worker; returns them (to end them). */
  takeWorkers(): W[] {
    const all = this.all;
    this.all = [];
    this.idle = [];
    return all;
  }
}
