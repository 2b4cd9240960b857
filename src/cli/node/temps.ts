/**
 * The temporary files a writing command writes beside its output (renamed over it once complete), and what
 * becomes of them when the run is stopped: SIGINT, SIGTERM (what Slurm sends at the wall time) and SIGHUP
 * remove the live ones before the process ends by that signal; a SIGKILL leaves them, and the next run that
 * writes the same output removes those of runs whose process is gone (the pid in the name).
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const live = new Set<string>();

/** A new temporary file name beside `out` (same file system: the rename is atomic), tracked until `settled`. */
export function tempBeside(out: string): string {
  const abs = resolve(out);
  const tmp = join(dirname(abs), `.${basename(abs)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  live.add(tmp);
  return tmp;
}

/** The temporary file was renamed or removed. */
export function settled(tmp: string): void {
  live.delete(tmp);
}

function removeLive(): void {
  for (const t of live) {
    try {
      rmSync(t, { force: true });
    } catch {
      // nothing to remove
    }
  }
  live.clear();
}

/** Once per process (the command, not its parse threads): a stopping signal removes the live temporaries first. */
export function cleanUpOnSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      removeLive();
      process.kill(process.pid, sig); // the handler is gone: the signal's own action ends the process
    });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporaries of `out` left by runs whose process is gone; returns their names. */
export function removeStale(out: string): string[] {
  const abs = resolve(out);
  const dir = dirname(abs);
  const prefix = `.${basename(abs)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const gone: string[] = [];
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith('.tmp')) continue;
    const m = /^(\d+)\.[0-9a-z]+\.tmp$/.exec(n.slice(prefix.length));
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || alive(pid)) continue;
    try {
      rmSync(join(dir, n), { force: true });
      gone.push(n);
    } catch {
      // not ours to remove
    }
  }
  return gone;
}
