/**
 * An IOR command line for a group of ranks whose pattern is IOR's exactly (docs/METHOD.md "Pattern
 * compression"): ranks 0…N−1, one data file each (shared, or one per rank), a write phase and/or a read
 * phase of s segments × n transfers of t bytes, contiguous, rank r's block at r·b in each segment of a shared
 * file (at 0 in its own file), an fsync after the writes or none. Anything else: no command, and why.
 */
import type { PatternCase, RankFit } from './ranks';
import { baseOffset, callCount, VARIES, type PatternLoop, type Term } from './pattern';

const WRITES = new Set(['write', 'pwrite64', 'pwrite']);
const READS = new Set(['read', 'pread64', 'pread']);

/** IOR's size syntax: 4k, 1m, 2g, else bytes. */
export function iorSize(b: number): string {
  for (const [s, u] of [['g', 1024 ** 3], ['m', 1024 ** 2], ['k', 1024]] as const) if (b % u === 0) return `${b / u}${s}`;
  return String(b);
}

interface Phase {
  dir: 'w' | 'r';
  t: number;
  n: number;
  segments: number;
  /** Offset step between segments (0 with one segment). */
  segStride: number;
  /** Index of the top-level term (its fit). */
  term: number;
}

/** A term as `n × [call t @ +t]` (or a single transfer), or `s × [that] @ +S`: null when not. */
function phaseOf(t: Term, j: number): Phase | null {
  const inner = (x: Term): { call: string; t: number; n: number } | null => {
    if (x.kind === 'op') return Number.isNaN(x.size) ? null : { call: x.call, t: x.size, n: 1 };
    const b = x.body[0];
    if (x.body.length !== 1 || b.kind !== 'op' || Number.isNaN(b.size) || x.stride[0] !== b.size) return null;
    return { call: b.call, t: b.size, n: x.count };
  };
  let one = inner(t);
  let segments = 1;
  let segStride = 0;
  if (!one && t.kind === 'loop' && t.body.length === 1) {
    one = inner((t as PatternLoop).body[0]);
    segments = t.count;
    segStride = t.stride[0];
  }
  if (!one) return null;
  const dir = WRITES.has(one.call) ? 'w' : READS.has(one.call) ? 'r' : null;
  return dir ? { dir, t: one.t, n: one.n, segments, segStride, term: j } : null;
}

export function iorCommand(c: PatternCase, fits: readonly (RankFit | null)[], files: readonly (string | null)[], ranks: readonly number[]): { command: string; notes: string[] } | { why: string } {
  const N = ranks.length;
  if (!ranks.every((r, i) => r === i)) return { why: 'the ranks are not 0…N−1' };
  const data = new Set<number>();
  const seq: { term: number; t: Term }[] = [];
  let meta = 0;
  c.terms.forEach((t, j) => {
    const sync = t.kind === 'op' && /^f(data)?sync$/.test(t.call);
    if (!sync && Number.isNaN(baseOffset(t))) {
      meta += callCount(t); // metadata: not IOR's
      return;
    }
    collectFiles(t, data);
    seq.push({ term: j, t });
  });
  if (data.has(VARIES)) return { why: 'another file in each iteration (IOR: one file)' };
  if (data.size !== 1) return { why: `${data.size} files per rank (IOR: one)` };
  const file = files[[...data][0]]!;
  const phases: Phase[] = [];
  let fsync = false;
  for (const { term, t } of seq) {
    if (t.kind === 'op' && Number.isNaN(t.size)) {
      if (t.call !== 'fsync' || phases.length !== 1 || phases[0].dir !== 'w') return { why: `${t.call} where IOR has none` };
      fsync = true;
      continue;
    }
    const p = phaseOf(t, term);
    if (!p) return { why: 'a phase that is not n contiguous transfers of one size' };
    phases.push(p);
  }
  if (!phases.length || phases.length > 2 || (phases.length === 2 && (phases[0].dir !== 'w' || phases[1].dir !== 'r'))) return { why: 'not a write phase and/or a read phase' };
  const p0 = phases[0];
  if (phases.some((p) => p.t !== p0.t || p.n !== p0.n || p.segments !== p0.segments || p.segStride !== p0.segStride)) return { why: 'the read phase differs from the write phase' };
  const block = p0.t * p0.n;
  const fpp = file.includes('{rank');
  const notes: string[] = meta ? [`${meta} metadata calls per rank are not IOR's`] : [];
  for (const p of phases) {
    const f = fits[p.term]!;
    const want = fpp ? { a: 0, b: 0 } : { a: block, b: 0 };
    if (f.a !== want.a || f.b !== want.b) return { why: `rank r's block starts at ${f.a}·r + ${f.b}, IOR's at ${want.a}·r` };
  }
  if (p0.segments > 1 && p0.segStride !== (fpp ? block : N * block)) return { why: 'the segments are not IOR\'s (a stride of N blocks in a shared file, one block per file)' };
  let out = file;
  if (fpp) {
    out = file.replace(/\.\{rank:08\}$/, '');
    if (out === file) {
      out = file.replace(/[._-]?\{rank(:0\d+)?\}/, '');
      notes.push(`IOR names the files ${out}.00000000, … (the run: ${file})`);
    }
  }
  const flags = ['-a POSIX', ...(fpp ? ['-F'] : []), ...phases.map((p) => `-${p.dir}`), ...(fsync ? ['-e'] : []), `-t ${iorSize(p0.t)}`, `-b ${iorSize(block)}`, `-s ${p0.segments}`];
  return { command: `mpirun -np ${N} ior ${flags.join(' ')} -o ${out}`, notes };
}

function collectFiles(t: Term, into: Set<number>): void {
  if (t.kind === 'op') {
    into.add(t.file);
    return;
  }
  for (const b of t.body) collectFiles(b, into);
}
