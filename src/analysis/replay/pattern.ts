/**
 * The compressed pattern of each case's I/O (docs/METHOD.md "Pattern compression", after DIOS): the case's
 * replayed calls as nested loops — `16 × [pwrite64 f1 64 KiB @ +64 KiB]; fdatasync f1` — found by run-length
 * encoding with a constant offset stride, then tandem repeats of blocks whose offsets shift by a constant per
 * repetition, up to three levels deep.
 */
import { formatBytes } from '../../lib/format';
import { isData, type Op } from './ops';

/** One call of the pattern: its recorded name, the case's file number, its size and offset (data calls). */
export interface PatternOp {
  kind: 'op';
  call: string;
  file: number;
  /** Bytes (NaN: not a data call). */
  size: number;
  offset: number;
}

/** `count` repetitions of `body`, the data offsets of body term j moving by `stride[j]` each time. */
export interface PatternLoop {
  kind: 'loop';
  count: number;
  body: Term[];
  stride: number[];
}

export type Term = PatternOp | PatternLoop;

/** Blocks of up to this many terms are looked for as tandem repeats. */
const MAX_BLOCK = 8;
/** Levels of nesting built. */
const MAX_DEPTH = 3;

/** The calls of a case's ops that the pattern shows: data (with their files' syncs), metadata; not the data files' opens and closes. */
export function patternOps(ops: readonly Op[]): { terms: PatternOp[]; files: string[] } {
  const data = new Set<string>();
  for (const o of ops) if (isData(o)) data.add(o.path);
  const files: string[] = [];
  const index = new Map<string, number>();
  const fileOf = (p: string): number => {
    let k = index.get(p);
    if (k === undefined) {
      index.set(p, (k = files.length));
      files.push(p);
    }
    return k;
  };
  const terms: PatternOp[] = [];
  for (const o of ops) {
    if ((o.kind === 'read' || o.kind === 'write') && !isData(o)) continue;
    if ((o.kind === 'open' || o.kind === 'close') && data.has(o.path)) continue;
    const isD = isData(o);
    terms.push({ kind: 'op', call: o.call, file: fileOf(o.path), size: isD ? o.size : NaN, offset: isD ? o.offset : NaN });
  }
  return { terms, files };
}

/** The offset of a term's first data call (NaN: none, or unknown). */
export function baseOffset(t: Term): number {
  if (t.kind === 'op') return t.offset;
  for (const b of t.body) {
    const o = baseOffset(b);
    if (!Number.isNaN(o)) return o;
  }
  return NaN;
}

const sameNum = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** Same shape: equal but for where the data starts (the term's offsets all shifted alike) and which files. */
export function sameShape(a: Term, b: Term): boolean {
  if (a.kind === 'op') return b.kind === 'op' && a.call === b.call && sameNum(a.size, b.size);
  return b.kind === 'loop' && a.count === b.count && a.body.length === b.body.length && a.stride.every((s, j) => sameNum(s, b.stride[j])) && a.body.every((x, j) => sameShape(x, b.body[j]));
}

/** `a` with the file of each call that differs in `b` (same shape) marked VARIES. */
function sameFiles(a: Term, b: Term): Term {
  if (a.kind === 'op') return b.kind === 'op' && b.file !== a.file ? { ...a, file: VARIES } : a;
  if (b.kind !== 'loop') return a;
  return { ...a, body: a.body.map((t, j) => sameFiles(t, b.body[j])) };
}

/** The file of a call in a loop that uses another file each time (mdtest-like creates). */
export const VARIES = -1;

/** How far b's data lies from a's (same shape): NaN when either has no data offset. */
const shift = (a: Term, b: Term): number => baseOffset(b) - baseOffset(a);

/** From position i, how many times the block of k terms repeats, and the stride of each of its terms. */
function repeats(ts: readonly Term[], i: number, k: number): { m: number; stride: number[] } {
  const stride: number[] = [];
  for (let j = 0; j < k; j++) stride.push(i + k + j < ts.length ? shift(ts[i + j], ts[i + k + j]) : NaN);
  let m = 1;
  for (;;) {
    const at = i + m * k;
    if (at + k > ts.length) break;
    let ok = true;
    for (let j = 0; j < k && ok; j++) {
      const a = ts[i + j];
      const b = ts[at + j];
      ok = sameShape(a, b) && sameNum(shift(a, b), m * stride[j]);
    }
    if (!ok) break;
    m++;
  }
  return { m, stride };
}

/** One pass: at each position the block (1..maxK terms) repeated the most terms' worth, folded into a loop. */
function fold(ts: readonly Term[], maxK: number): Term[] {
  const out: Term[] = [];
  let i = 0;
  while (i < ts.length) {
    let best = { k: 0, m: 1, stride: [] as number[] };
    for (let k = 1; k <= maxK && i + 2 * k <= ts.length; k++) {
      const r = repeats(ts, i, k);
      if (r.m >= 2 && r.m * k > best.m * best.k) best = { k, m: r.m, stride: r.stride };
    }
    if (best.k === 0) {
      out.push(ts[i]);
      i++;
      continue;
    }
    let body = ts.slice(i, i + best.k);
    for (let r = 1; r < best.m; r++) body = body.map((t, j) => sameFiles(t, ts[i + r * best.k + j]));
    out.push({ kind: 'loop', count: best.m, body, stride: best.stride });
    i += best.m * best.k;
  }
  return out;
}

/** A case's calls as nested loops: runs first (one call repeated), then blocks of runs, level by level. */
export function compress(ops: readonly PatternOp[]): Term[] {
  let ts: Term[] = fold(ops, 1);
  for (let d = 1; d < MAX_DEPTH; d++) {
    const next = fold(ts, MAX_BLOCK);
    if (next.length === ts.length) break;
    ts = next;
  }
  return ts;
}

/** Calls a term stands for. */
export function callCount(t: Term): number {
  return t.kind === 'op' ? 1 : t.count * t.body.reduce((s, b) => s + callCount(b), 0);
}

/** A size as short as exact: 64 KiB, 1 MiB, 24 KiB, 4097 B. */
export function size(b: number): string {
  for (const [u, n] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) if (b !== 0 && b % n === 0) return `${b / n} ${u}`;
  return b < 1024 ? `${b} B` : formatBytes(b);
}
const signed = (b: number): string => (b < 0 ? `-${size(-b)}` : `+${size(b)}`);

/**
 * The text of a pattern: `16 × [pwrite64 f1 64 KiB @ +64 KiB] from 1 MiB`. Inside a loop a data call or loop
 * shows its stride (`@ +64 KiB`), outside it where it starts: `at(term, path)` (the offsets across ranks) or its
 * offset. File numbers are shown when the case uses more than one file.
 */
export function patternText(ts: readonly Term[], files: number, at?: (t: Term, path: number[]) => string | null): string {
  const tag = (file: number): string => (file === VARIES ? ' f*' : files > 1 ? ` f${file}` : '');
  const walk = (list: readonly Term[], path: number[], stride: number[] | null): string =>
    list
      .map((t, j) => {
        const p = [...path, j];
        const step = stride && !Number.isNaN(stride[j]) ? ` @ ${signed(stride[j])}` : '';
        const base = baseOffset(t);
        const from = (word: string): string => {
          if (stride || Number.isNaN(base)) return '';
          const where = at?.(t, p) ?? (base === 0 ? null : size(base));
          return where === null || where === '0 B' ? '' : ` ${word} ${where}`;
        };
        if (t.kind === 'op') return Number.isNaN(t.size) ? `${t.call}${tag(t.file)}` : `${t.call}${tag(t.file)} ${size(t.size)}${step || from('@')}`;
        return `${t.count} × [${walk(t.body, p, t.stride)}]${step || from('from')}`;
      })
      .join('; ');
  return walk(ts, [], null);
}

/** The shape of a pattern as text (no start offsets): cases of one shape are compared across ranks. */
export function shapeKey(ts: readonly Term[]): string {
  return ts.map((t) => (t.kind === 'op' ? `${t.call}:${t.file}:${t.size}` : `${t.count}x(${t.stride.join(',')})[${shapeKey(t.body)}]`)).join(';');
}
