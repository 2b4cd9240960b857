/**
 * A seeded synthetic event log for benchmarks and randomized tests (not a fixture of real behaviour):
 * N events over K cases (`ior_host{h}_{rank}`) using A distinct (call, fp) pairs, with IOR-like
 * characteristics: skewed pair popularity, sequential events per case with small gaps and occasional
 * overlaps (threads), durations from 1 µs to ~10 ms (a few exactly 0), sizes for read/write calls
 * (transfer sizes up to 4 MiB, some short or failing = 0), other calls without size.
 */
import { EventLogBuilder, emptyFileReport, type EventLog, type TimeBase } from '../model';
import { prng } from '../lib/prng';

export interface SyntheticOptions {
  /** Number of events N. */
  events: number;
  /** Number of cases K (≥ 1). */
  cases: number;
  /** Number of distinct (call, fp) pairs A (≥ 1). */
  pairs: number;
  seed?: number;
  /** Number of distinct hosts (cases are spread round-robin), default 4. */
  hosts?: number;
  timeBase?: TimeBase;
  /** Fraction of events without a duration (NaN), default 0. */
  unknownDur?: number;
}

export { prng };

const CALLS = ['read', 'write', 'pread64', 'pwrite64', 'openat', 'close', 'lseek', 'fstat', 'readv', 'writev', 'fsync', 'ioctl'];
const SIZED = new Set(['read', 'write', 'pread64', 'pwrite64', 'readv', 'writev']);

function pathOf(j: number): string {
  switch (j % 8) {
    case 0:
      return j === 0 ? '' : `/etc/conf${j}.d/site.conf`;
    case 1:
      return `pipe:[${1000 + j}]`;
    case 2:
      return `/usr/lib/x86_64-linux-gnu/lib${j}.so.6`;
    case 3:
      return `/dev/pts/${j}`;
    case 4:
      return `TCP:[10.0.0.${j % 250}:${40000 + j}->10.0.1.1:5000]`;
    default:
      return `/p/scratch/user${j % 7}/ior/run${j % 13}/testFile.${j}`;
  }
}

export function syntheticLog(o: SyntheticOptions): EventLog {
  const N = Math.max(0, Math.floor(o.events));
  const K = Math.max(1, Math.floor(o.cases));
  const A = Math.max(1, Math.floor(o.pairs));
  const H = Math.max(1, Math.floor(o.hosts ?? 4));
  const rnd = prng(o.seed ?? 1);
  const unknownDur = o.unknownDur ?? 0;
  const b = new EventLogBuilder(N + 16);
  // A distinct pairs: pair j = (call j mod C, path ⌊j / C⌋)
  const pairIds = new Uint32Array(A);
  const sized = new Uint8Array(A);
  for (let j = 0; j < A; j++) {
    const call = CALLS[j % CALLS.length];
    pairIds[j] = b.pairOf(b.internCall(call), b.internPath(pathOf(Math.floor(j / CALLS.length))));
    sized[j] = SIZED.has(call) ? 1 : 0;
  }
  const ebadf = b.internErrno('EBADF');
  const base = o.timeBase === 'epoch' ? 1.7e9 : o.timeBase === 'clock' || o.timeBase === undefined ? 36000 : 0;
  let made = 0;
  for (let k = 0; k < K; k++) {
    const file = `ior_host${k % H}_${k}.st`;
    const f = b.addFile(emptyFileReport(file, 'strace'));
    b.beginCase({ id: `ior_host${k % H}_${k}`, cid: 'ior', host: `host${k % H}`, rid: String(k), pid: null }, f);
    const m = Math.floor((N - made) / (K - k));
    let t = base + rnd() * 0.01;
    const pid0 = 1000 + k * 4;
    for (let i = 0; i < m; i++) {
      const u = rnd();
      const j = Math.min(A - 1, Math.floor(A * u * u * u));
      const r = rnd();
      // 1 µs … 10 ms, log-uniform, to the µs as strace -T prints them (the nearest double to the decimal)
      let dur = r < 0.02 ? 0 : Math.round(Math.exp(r * 9.2)) / 1e6;
      if (unknownDur > 0 && rnd() < unknownDur) dur = NaN;
      let size = NaN;
      let err = 0;
      if (sized[j]) {
        const s = rnd();
        if (s < 0.01) {
          size = 0;
          err = ebadf;
        } else size = s < 0.1 ? Math.floor(s * 65536) : 1 << (12 + Math.floor(s * 10)); // 4 KiB … 2 MiB
      }
      const overlap = rnd() < 0.05; // another thread starts before this one ends
      b.push(overlap ? pid0 + 1 : pid0, pairIds[j], err, t, dur, size, i + 1);
      t += (overlap ? 0 : dur === dur ? dur : 1e-5) + rnd() * 2e-5;
    }
    made += m;
    b.endCase();
  }
  return b.build(o.timeBase ?? 'clock');
}
