/**
 * The one tiny hand-made log the post-parse passes run on a few times before their first real run (the
 * insights pass: insights/passPrime.ts; the access pass: access.ts; untraced time's caseGaps: time/gaps.ts).
 * Why: V8 gives a function its feedback vector only after it ran a while, and optimises a per-event loop
 * while a log's first case runs (on-stack replacement); code the loop had not run by then (the next case's
 * boundary, a branch the first events never took, the code after the loop) had no type feedback, which threw
 * the optimised code away: the insights pass compiled twice, the access pass twice, caseGaps deoptimised at
 * the end of every case (96 times on the 239 MB bench set). Priming on this log, each once per thread, makes
 * it one compile each (docs/BENCHMARKS.md, 2026-11-29 perf7i section: compile counts and CPU).
 *
 * What it holds, so that each pass meets every path before the real log: four cases (the third empty), eight
 * files each (a record table that grows), per file opens, stats, lseek + read, writes of a second pid (at
 * unknown positions in the last case), a failing write and a failing stat (ENOENT), fsync, close, a process
 * call without a file; durations unknown for some calls (instants), sizes unknown for others; offsets that
 * make consecutive, sequential and backward requests, aligned and misaligned.
 */
import { EventLogBuilder, emptyFileReport, type EventLog } from '../model';

/** The calls of the prime log, in intern order (call id = index). */
export const PRIME_CALLS = ['read', 'write', 'lseek', 'fsync', 'openat', 'close', 'newfstatat', 'execve'] as const;

/** Builds the prime log (a few hundred events: well under a millisecond). */
export function primeLog(): EventLog {
  const b = new EventLogBuilder(512);
  const calls = PRIME_CALLS.map((c) => b.internCall(c));
  const paths = ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h'].map((p) => b.internPath(p));
  const enoent = b.internErrno('ENOENT');
  const file = b.addFile(emptyFileReport('prime', 'strace'));
  // per file: (call index, pid, failed, dur, size); offsets for the reads and writes that succeed
  const ops: [number, number, boolean, number, number][] = [[4, 1, false, 1e-5, NaN], [6, 1, false, 2e-6, NaN], [2, 1, false, 1e-6, NaN], [0, 1, false, 3e-5, 4096], [1, 2, false, NaN, 100], [1, 1, true, 1e-5, NaN], [0, 1, false, 1e-5, 4096], [3, 1, false, 1e-3, NaN], [5, 1, false, 1e-6, NaN], [6, 1, true, 2e-6, NaN], [7, 1, false, 1e-4, NaN]];
  let t = 0;
  let line = 0;
  for (let k = 0; k < 4; k++) {
    b.beginCase({ id: `p${k}`, cid: 'p', host: '', rid: String(k), pid: null }, file);
    if (k !== 2) {
      for (const f of paths) {
        let off = 0;
        let q = 0;
        for (const [c, pid, failed, dur, size] of ops) {
          const rw = c <= 1 && !failed;
          // pid 2's writes of the last case at unknown positions
          const offset = rw && !(k === 3 && pid === 2) ? off : NaN;
          b.push(pid, b.pairOf(calls[c], c === 7 ? 0 : f), failed ? enoent : 0, (t += 1e-4), dur, size, ++line, offset);
          // the next request: consecutive, then past a hole, then back at the same offset
          if (rw) off += q++ % 3 === 0 ? size : q % 3 === 2 ? size + 512 : 0;
        }
      }
    }
    b.endCase();
  }
  return b.build('relative');
}
