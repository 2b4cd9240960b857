/**
 * The insights pass run a few times on a tiny log before the first real one (pass.ts; as scan.ts primes the
 * analysis scan). V8 gives a function its feedback vector only after it has run a while: the code at the
 * first case boundary of a log (at its first event) ran without one and had no type feedback when V8
 * optimised the per-event loop during the first case, so the optimised loop was thrown away at the second
 * boundary and the large function compiled once more (~25 ms of a parse thread, more on a busy machine).
 */
import { EventLogBuilder, emptyFileReport } from '../../model';
import { C_CLOSE, C_OPEN, C_OTHER, C_READ, C_SEEK, C_SYNC, C_WRITE } from './calls';
import { Pass } from './pass';
import { DEFAULT_THRESHOLDS } from './thresholds';

let primed = false;

/** Primes the pass once per thread (a no-op after the first call). */
export function primePass(): void {
  if (primed) return;
  primed = true;
  const b = new EventLogBuilder(256);
  // (call, class, flags: 1 metadata, 2 lookup, 4 I/O time, 8 process call, 16 stat-at, 32 application file)
  const kinds: [string, number, number][] = [['read', C_READ, 4], ['write', C_WRITE, 4], ['lseek', C_SEEK, 0], ['fsync', C_SYNC, 4], ['openat', C_OPEN, 1 | 2 | 32], ['close', C_CLOSE, 1], ['newfstatat', C_OTHER, 1 | 2 | 16 | 32], ['execve', C_OTHER, 8]];
  const calls = kinds.map(([c]) => b.internCall(c));
  const paths = ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h'].map((p) => b.internPath(p));
  const enoent = b.internErrno('ENOENT');
  const file = b.addFile(emptyFileReport('prime', 'strace'));
  const pairCls: number[] = [];
  const pairFlag: number[] = [];
  const pairOf = (c: number, f: number): number => {
    const p = b.pairOf(calls[c], f);
    pairCls[p] = kinds[c][1];
    pairFlag[p] = kinds[c][2];
    return p;
  };
  // four cases (the third empty), 8 files each: the record table (16 at first) grows; two pids share a file;
  // reads and writes with and without offsets, failed calls, unknown durations, events without a file
  let t = 0;
  for (let k = 0; k < 4; k++) {
    b.beginCase({ id: `p${k}`, cid: 'p', host: '', rid: String(k), pid: null }, file);
    if (k !== 2) {
      for (const f of paths) {
        let off = 0;
        for (const [c, pid, err, dur, size] of [[4, 1, 0, 1e-5, NaN], [6, 1, 0, 2e-6, NaN], [2, 1, 0, 1e-6, NaN], [0, 1, 0, 3e-5, 4096], [1, 2, 0, NaN, 100], [1, 1, enoent, 1e-5, NaN], [0, 1, 0, 1e-5, 4096], [3, 1, 0, 1e-3, NaN], [5, 1, 0, 1e-6, NaN], [6, 1, enoent, 2e-6, NaN], [7, 1, 0, 1e-4, NaN]]) {
          b.push(pid, pairOf(c, c === 7 ? 0 : f), err, (t += 1e-4), dur, size, 1, c <= 1 && err === 0 ? off : NaN);
          if (c <= 1) off += 1000;
        }
      }
    }
    b.endCase();
  }
  const log = b.build('relative');
  const K = log.cases.length;
  const P = log.pairCall.length;
  const offset = log.offset;
  // three runs: the function gets its feedback vector; not so many that V8 optimises it for this tiny log
  for (let r = 0; r < 3; r++) {
    const side = Uint8Array.from({ length: K }, (_, k) => k & 1);
    new Pass(log, { ...DEFAULT_THRESHOLDS }, K, P, log.errnos.length, side, Uint8Array.from(pairCls), Uint8Array.from(pairFlag), new Uint8Array(K), enoent, offset).run();
  }
}
