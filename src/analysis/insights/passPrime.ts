/**
 * The insights pass run a few times on the prime log (analysis/primeLog.ts, shared with the access pass and
 * untraced time) before the first real one: V8 gives a function its feedback vector only after it ran a while,
 * so the code after the per-case loop (the case's totals) had no type feedback when V8 optimised the loop
 * during the first case, and the optimised code was thrown away there (pass.ts).
 */
import { PRIME_CALLS, primeLog } from '../primeLog';
import { C_CLOSE, C_OPEN, C_OTHER, C_READ, C_SEEK, C_SYNC, C_WRITE } from './calls';
import { Pass } from './pass';
import { phaseGap } from '../time/phases';
import { PhaseCells, spanFloor } from '../time/phaseCells';
import { spanT0 } from '../time/span';
import { DEFAULT_THRESHOLDS } from './thresholds';

let primed = false;

/** Per call of the prime log: its class and pair flags (1 metadata, 2 lookup, 4 I/O time, 8 process call, 16 stat-at, 32 application file, 64 counted in the phases). */
const KINDS: Record<(typeof PRIME_CALLS)[number], [number, number]> = {
  read: [C_READ, 4 | 64], write: [C_WRITE, 4 | 64], lseek: [C_SEEK, 64], fsync: [C_SYNC, 4 | 64], openat: [C_OPEN, 1 | 2 | 32 | 64], close: [C_CLOSE, 1 | 64], newfstatat: [C_OTHER, 1 | 2 | 16 | 32], execve: [C_OTHER, 8],
};

/** Primes the pass once per thread (a no-op after the first call). */
export function primePass(): void {
  if (primed) return;
  primed = true;
  const log = primeLog();
  const K = log.cases.length;
  const P = log.pairCall.length;
  const kind = (p: number): [number, number] => KINDS[log.calls[log.pairCall[p]] as (typeof PRIME_CALLS)[number]];
  const pairCls = Uint8Array.from({ length: P }, (_, p) => kind(p)[0]);
  const pairFlag = Uint8Array.from({ length: P }, (_, p) => kind(p)[1]);
  // three runs: the function gets its feedback vector; not so many that V8 optimises it for this tiny log
  for (let r = 0; r < 3; r++) {
    const side = Uint8Array.from({ length: K }, (_, k) => k & 1);
    const t0 = spanT0(log);
    const cells = new PhaseCells(t0, phaseGap(spanFloor(log, t0)) / 2, spanFloor(log, t0), K);
    const pass = new Pass(log, { ...DEFAULT_THRESHOLDS }, K, P, log.errnos.length, side, pairCls, pairFlag, new Uint8Array(K), log.errnos.indexOf('ENOENT'), log.offset, cells);
    pass.run();
    // its maps outlive every GC (Pass.kept)
    Pass.kept = pass;
  }
}
