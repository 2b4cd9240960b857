/**
 * What-ifs applied to the recorded data operations before export (docs/METHOD.md "Replay: what-ifs"): the
 * change a recommendation proposes, made to the replay instead of the program, so it can be measured.
 * Each keeps the bytes moved and says what it changed in the case's notes.
 */
import { formatBytes } from '../../lib/format';
import type { Op } from './ops';
import type { WhatIfs } from './types';

/** A data op (read/write, its offset known) or an open, close or sync of its file. */
export type SeqOp = Op;

export interface WhatIfCase {
  id: string;
  rid: string;
  index: number;
  seq: readonly SeqOp[];
}

const isDataOp = (s: SeqOp): boolean => s.kind === 'read' || s.kind === 'write';

/** The rank label of a case in file names: its rid when numeric, else its index. */
const label = (c: WhatIfCase): string => (/^\d+$/.test(c.rid) ? c.rid : String(c.index));

/** Data files per case. */
function filesOf(seq: readonly SeqOp[]): Set<string> {
  const s = new Set<string>();
  for (const o of seq) if (isDataOp(o)) s.add(o.path);
  return s;
}

/** A file shared by several cases → one file per case, each case's region moved to offset 0. */
function filePerProcess(cases: readonly WhatIfCase[], seqs: SeqOp[][], notes: string[][]): void {
  const users = new Map<string, number>();
  for (const s of seqs) for (const f of filesOf(s)) users.set(f, (users.get(f) ?? 0) + 1);
  seqs.forEach((seq, c) => {
    const shared = new Set([...filesOf(seq)].filter((f) => users.get(f)! > 1));
    if (!shared.size) return;
    const base = new Map<string, number>();
    for (const o of seq) if (isDataOp(o) && shared.has(o.path)) base.set(o.path, Math.min(base.get(o.path) ?? Infinity, o.offset));
    const suffix = `.${label(cases[c])}`;
    seqs[c] = seq.map((o) => (!shared.has(o.path) ? o : isDataOp(o) ? { ...o, path: o.path + suffix, offset: o.offset - base.get(o.path)! } : { ...o, path: o.path + suffix }));
    notes[c].push(`--file-per-process: ${shared.size} shared file${shared.size > 1 ? 's' : ''} replayed as this case's own (${[...shared].slice(0, 2).map((f) => f + suffix).join(', ')}), its region from offset 0`);
  });
}

/** Files each case has alone, of one name pattern (digits aside) → one shared file, case j's region after case j−1's. */
function sharedFile(cases: readonly WhatIfCase[], seqs: SeqOp[][], notes: string[][]): void {
  const users = new Map<string, number>();
  const per = seqs.map(filesOf);
  for (const s of per) for (const f of s) users.set(f, (users.get(f) ?? 0) + 1);
  const groups = new Map<string, { c: number; path: string; end: number }[]>();
  per.forEach((files, c) => {
    for (const f of files) {
      if (users.get(f)! > 1) continue;
      const key = f.replace(/\d+/g, '#');
      let end = 0;
      for (const o of seqs[c]) if (isDataOp(o) && o.path === f) end = Math.max(end, o.offset + o.size);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = []));
      g.push({ c, path: f, end });
    }
  });
  for (const [key, g] of groups) {
    if (g.length < 2) continue;
    const region = Math.ceil(Math.max(...g.map((x) => x.end)) / 4096) * 4096;
    const shared = key.replace(/#/g, 'N') + '.shared';
    g.sort((a, b) => a.c - b.c);
    g.forEach((x, j) => {
      seqs[x.c] = seqs[x.c].map((o) => (o.path !== x.path ? o : isDataOp(o) ? { ...o, path: shared, offset: o.offset + j * region } : { ...o, path: shared }));
      notes[x.c].push(`--shared-file: ${x.path} replayed as region ${j} (${formatBytes(region)} each, from ${formatBytes(j * region)}) of ${shared}`);
    });
  }
}

function align(seq: readonly SeqOp[], a: number): SeqOp[] {
  return seq.map((o) => {
    if (!isDataOp(o)) return o;
    const s = Math.floor(o.offset / a) * a;
    const e = Math.ceil((o.offset + o.size) / a) * a;
    return s === o.offset && e === o.offset + o.size ? o : { ...o, offset: s, size: e - s };
  });
}

/** Merges each request into the previous one of its file when of the same direction, contiguous, and the sum ≤ max. */
export function coalesce(seq: readonly SeqOp[], max: number): SeqOp[] {
  const out: SeqOp[] = [];
  const last = new Map<string, number>();
  for (const o of seq) {
    if (!isDataOp(o)) {
      last.delete(o.path);
      out.push(o);
      continue;
    }
    const k = last.get(o.path);
    const p = k === undefined ? null : out[k];
    if (p && p.kind === o.kind && p.offset + p.size === o.offset && p.size + o.size <= max) {
      out[k!] = { ...p, size: p.size + o.size, dur: p.dur + o.dur };
      continue;
    }
    last.set(o.path, out.length);
    out.push(o);
  }
  return out;
}

const count = (seq: readonly SeqOp[]): number => seq.reduce((n, o) => n + (isDataOp(o) ? 1 : 0), 0);

export function applyWhatIfs(cases: readonly WhatIfCase[], w: WhatIfs): { seqs: SeqOp[][]; notes: string[][] } {
  const seqs = cases.map((c) => [...c.seq]);
  const notes = cases.map((): string[] => []);
  if (w.layout === 'fpp') filePerProcess(cases, seqs, notes);
  if (w.layout === 'ssf') sharedFile(cases, seqs, notes);
  seqs.forEach((seq, c) => {
    let s = seq;
    if (w.align > 0) {
      const before = s.reduce((n, o) => n + (isDataOp(o) ? o.size : 0), 0);
      s = align(s, w.align);
      const after = s.reduce((n, o) => n + (isDataOp(o) ? o.size : 0), 0);
      if (after !== before) notes[c].push(`--align ${formatBytes(w.align)}: requests widened to ${formatBytes(w.align)} boundaries (${formatBytes(before)} → ${formatBytes(after)})`);
    }
    if (w.coalesce > 0) {
      const n0 = count(s);
      s = coalesce(s, w.coalesce);
      const n1 = count(s);
      if (n1 !== n0) notes[c].push(`--coalesce ${formatBytes(w.coalesce)}: ${n0} requests → ${n1} (contiguous requests of a file and direction merged)`);
    }
    if (w.noSync) {
      const n0 = s.length;
      s = s.filter((o) => o.kind !== 'sync' && o.kind !== 'datasync');
      if (s.length !== n0) notes[c].push(`--no-sync: ${n0 - s.length} fsync/fdatasync left out`);
    }
    if (w.pread && s.some((o) => isDataOp(o) && !/^p(read|write)/.test(o.call))) notes[c].push('--pread: read/write at the file position (after lseek) replayed as pread/pwrite');
    seqs[c] = s;
  });
  return { seqs, notes };
}
