/**
 * Offset over time per file (docs/METHOD.md "Time"; DXT Explorer's spatiality view): every read and write
 * of one file whose offset is known, as a segment at its start time from its offset to offset + size, by
 * case; with the access pattern counted by the one rule of the Files table and the insights
 * (../accessKind.ts, Darshan's: per case, process and direction, successful requests; a first request at
 * offset 0 is random). The files offered are the mapped read / write targets with a known offset.
 */
import type { EventLog } from '../../model';
import { accessKind, lastByte } from '../accessKind';
import { noLseekCases } from '../accessReport';
import { callClass, C_READ, C_WRITE } from '../insights/calls';
import type { CompiledMapping } from '../mapping';
import { caseLabel, rankCids } from '../ranks';

/** At most this many events are sent for one file (every k-th beyond). */
export const MAX_OFFSET_EVENTS = 200_000;

export interface OffsetFile {
  path: string;
  /** Reads and writes with a known offset, their bytes, and the cases that made them. */
  reads: number;
  writes: number;
  bytes: number;
  cases: number;
}

export interface AccessPattern {
  consecutive: number;
  sequential: number;
  random: number;
}

export interface FileOffsets {
  timeBase: EventLog['timeBase'];
  /** Time 0 (absolute): the earliest event start of all loaded cases. */
  t0: number;
  /** The files with reads or writes at known offsets, most bytes first. */
  files: OffsetFile[];
  /** The file shown (null: none asked for, or not among `files`). */
  path: string | null;
  /** Per case of the log: its id and label (`ssf · rank 3`). */
  caseIds: string[];
  caseLabels: string[];
  /** Cases traced with `-e trace=…` without lseek (their read/write positions are unknown: "trace lseek"). */
  noLseekCases: number;
  /** Reads and writes of the file at a known offset; every `stride`-th is sent. */
  total: number;
  stride: number;
  read: AccessPattern;
  write: AccessPattern;
  // ---- per event sent ----
  /** Seconds since t0. */
  start: Float64Array;
  dur: Float64Array;
  offset: Float64Array;
  size: Float64Array;
  caseIdx: Uint32Array;
  /** 1 = write, 0 = read. */
  isWrite: Uint8Array;
  pid: Int32Array;
}

/** Per pair: 1 read, 2 write (mapped, to a file), else 0. */
function pairKinds(log: EventLog, pairAct: Int32Array): Uint8Array {
  const byCall = log.calls.map((c) => callClass(c));
  const kind = new Uint8Array(log.pairCall.length);
  for (let p = 0; p < kind.length; p++) {
    if (pairAct[p] < 0 || log.pairFp[p] === 0) continue;
    const c = byCall[log.pairCall[p]];
    kind[p] = c === C_READ ? 1 : c === C_WRITE ? 2 : 0;
  }
  return kind;
}

export function fileOffsets(log: EventLog, compiled: Pick<CompiledMapping, 'pairAct'>, t0: number, path: string | null): FileOffsets {
  const kind = pairKinds(log, compiled.pairAct);
  const { pair, offset, size, caseOffsets, pairFp } = log;
  const F = log.paths.length;
  const reads = new Float64Array(F);
  const writes = new Float64Array(F);
  const bytes = new Float64Array(F);
  const cases = new Uint32Array(F);
  const lastCase = new Int32Array(F).fill(-1);
  const want = path === null ? -1 : log.paths.indexOf(path);
  let total = 0;
  for (let k = 0; k < log.cases.length; k++) {
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      const p = pair[i];
      const kd = kind[p];
      if (kd === 0 || offset[i] !== offset[i]) continue;
      const f = pairFp[p];
      if (kd === 1) reads[f]++;
      else writes[f]++;
      const z = size[i];
      if (z === z) bytes[f] += z;
      if (lastCase[f] !== k) {
        lastCase[f] = k;
        cases[f]++;
      }
      if (f === want) total++;
    }
  }
  const files: OffsetFile[] = [];
  for (let f = 1; f < F; f++) if (reads[f] + writes[f] > 0) files.push({ path: log.paths[f], reads: reads[f], writes: writes[f], bytes: bytes[f], cases: cases[f] });
  files.sort((a, b) => b.bytes - a.bytes || b.reads + b.writes - (a.reads + a.writes) || (a.path < b.path ? -1 : 1));
  const ranked = rankCids(log.cases);
  const stride = Math.max(1, Math.ceil(total / MAX_OFFSET_EVENTS));
  const n = want > 0 && total > 0 ? Math.ceil(total / stride) : 0;
  const out: FileOffsets = {
    timeBase: log.timeBase, t0, files, path: want > 0 && total > 0 ? path : null,
    caseIds: log.cases.map((c) => c.id), caseLabels: log.cases.map((c) => caseLabel(c, ranked)), noLseekCases: noLseekCases(log),
    total: n > 0 ? total : 0, stride, read: { consecutive: 0, sequential: 0, random: 0 }, write: { consecutive: 0, sequential: 0, random: 0 },
    start: new Float64Array(n), dur: new Float64Array(n), offset: new Float64Array(n), size: new Float64Array(n),
    caseIdx: new Uint32Array(n), isWrite: new Uint8Array(n), pid: new Int32Array(n),
  };
  if (n === 0) return out;
  let seen = 0;
  let w = 0;
  // Darshan's last byte per (process, direction) of the case (../accessKind.ts): key pid × 2 + direction
  const last = new Map<number, number>();
  for (let k = 0; k < log.cases.length; k++) {
    last.clear();
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      const p = pair[i];
      const kd = kind[p];
      if (kd === 0 || pairFp[p] !== want) continue;
      const off = offset[i];
      if (off !== off) continue;
      const z = size[i];
      if (log.errno[i] === 0 && z >= 0) {
        const key = log.pid[i] * 2 + kd;
        const pat = kd === 1 ? out.read : out.write;
        const kindOf = accessKind(off, last.get(key) ?? 0);
        if (kindOf === 0) pat.consecutive++;
        else if (kindOf === 1) pat.sequential++;
        else pat.random++;
        last.set(key, lastByte(off, z));
      }
      if (seen++ % stride !== 0) continue;
      out.start[w] = log.start[i] - t0;
      out.dur[w] = log.dur[i];
      out.offset[w] = off;
      out.size[w] = z;
      out.caseIdx[w] = k;
      out.isWrite[w] = kd === 2 ? 1 : 0;
      out.pid[w] = log.pid[i];
      w++;
    }
  }
  return out;
}
