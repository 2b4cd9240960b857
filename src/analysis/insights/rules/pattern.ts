/** P08–P14, T10: alignment, redundant traffic and access pattern — the rules that need file offsets. */
import { READ_CALLS, WRITE_CALLS } from '../calls';
import {
  NF, R_CONSEC_R, R_CONSEC_W, R_KNOWN_R, R_KNOWN_W, R_MAX_R, R_MAX_W, R_MISALIGNED, R_MIS_TIME, R_RAND_RTIME, R_RAND_WTIME, R_RBYTES, R_RTIME,
  R_SEQ_R, R_SEQ_W, R_SYNC_TIME, R_UNKNOWN_R, R_UNKNOWN_W, R_WBYTES, R_WTIME, filesOf, total, type FileAgg, type InsightsContext, type Scope,
} from '../context';
import { fileLines, formatBytes, formatCount, pct, topCases, topFiles } from '../report';
import { ALIGN, LUSTRE_STRIPING } from '../snippets';
import type { Thresholds } from '../thresholds';
import type { Rule } from '../types';

/** The application's files of the scope that moved at least material_file_bytes (not a job file, script or config). */
export function dataFiles(ctx: InsightsContext, scope: Scope, t: Thresholds): FileAgg[] {
  return filesOf(ctx, scope, true).filter((g) => g.v[R_RBYTES] + g.v[R_WBYTES] >= t.material_file_bytes);
}

const misaligned: Rule = {
  code: 'P08',
  title: 'Misaligned file requests',
  levels: 'HIGH when requests at an offset that is not a multiple of `alignment` > misaligned_requests of the requests (files of at least material_file_bytes)',
  target: 'developer',
  run(ctx, scope, t) {
    if (!ctx.hasOffsets) return [];
    const files = dataFiles(ctx, scope, t);
    const known = total(files, R_KNOWN_R) + total(files, R_KNOWN_W);
    const mis = total(files, R_MISALIGNED);
    if (!(known > 0 && mis / known > t.misaligned_requests)) return [];
    const fl = topFiles(ctx, files, R_MISALIGNED, t);
    return [{
      code: 'P08', level: 'HIGH', target: 'developer',
      message: `Application issues a high number (${pct(mis / known)}) of misaligned file requests (${mis} of ${known} requests do not start at a multiple of ${formatBytes(t.alignment)})`,
      details: fileLines(fl, 'misaligned requests'),
      cases: topCases(ctx, scope, files, R_MISALIGNED, t), files: fl,
      numbers: { misaligned: mis, requests: known, fraction: mis / known, alignment: t.alignment },
      recommendations: [ALIGN, { text: 'Any file object greater than or equal in size to the HDF5 threshold is aligned on a multiple of the alignment (H5Pset_alignment)' }, LUSTRE_STRIPING],
      calls: [...READ_CALLS, ...WRITE_CALLS],
      cost: total(files, R_MIS_TIME),
    }];
  },
};

const redundant = (code: string, dir: 'read' | 'write'): Rule => ({
  code,
  title: `Redundant ${dir} traffic`,
  levels: `WARN when a file (of at least material_file_bytes, every ${dir} at a known offset) had more bytes ${dir === 'read' ? 'read' : 'written'} than its highest offset ${dir === 'read' ? 'read' : 'written'}, within one run`,
  target: 'developer',
  perRun: true,
  run(ctx, scope, t) {
    if (!ctx.hasOffsets) return [];
    const [bF, mF, uF] = dir === 'read' ? [R_RBYTES, R_MAX_R, R_UNKNOWN_R] : [R_WBYTES, R_MAX_W, R_UNKNOWN_W];
    // a file with requests at unknown positions has no known highest offset (T10 says so)
    const files = dataFiles(ctx, scope, t).filter((g) => g.v[uF] === 0 && g.v[mF] >= 0 && g.v[bF] > g.v[mF]);
    if (!files.length) return [];
    const extra = (g: FileAgg): number => g.v[bF] - g.v[mF];
    const fl = topFiles(ctx, files, extra, t);
    const moved = total(files, bF);
    let highest = 0;
    let excess = 0;
    let seconds = 0;
    for (const g of files) {
      highest += g.v[mF];
      excess += extra(g);
      // the time of the excess: its share of the file's transfer time in that direction
      const time = dir === 'read' ? g.v[R_RTIME] : g.v[R_WTIME] - g.v[R_SYNC_TIME];
      seconds += (extra(g) / g.v[bF]) * time;
    }
    const verb = dir === 'read' ? 'read' : 'written';
    return [{
      code, level: 'WARN', target: 'developer',
      message: `Application might have redundant ${dir} traffic (more data ${verb} than the highest offset): ${formatBytes(moved)} ${verb} from ${files.length} file(s) whose highest offsets add up to ${formatBytes(highest)}`,
      details: fl.map((c) => `${formatBytes(c.value)} (${pct(c.share)}) of the excess ${dir}s are to "${c.name}"`),
      cases: topCases(ctx, scope, files, bF, t), files: fl,
      numbers: { bytes: moved, highest_offset: highest, files: files.length, excess },
      recommendations: [dir === 'read'
        ? { text: 'Read each part of the file once and keep it in memory (or share it between ranks) instead of reading it again', snippet: { lang: 'c', code: '/* one rank reads, everyone gets it */\nif (rank == 0) pread(fd, buf, n, 0);\nMPI_Bcast(buf, n, MPI_BYTE, 0, MPI_COMM_WORLD);' } }
        : { text: 'Write each part of the file once: accumulate updates in memory and write the final data', snippet: { lang: 'c', code: '/* update the buffer, write once at the end */\nmemcpy(buf + off, rec, len); /* many times */\npwrite(fd, buf, total, 0);      /* once */' } }],
      calls: dir === 'read' ? READ_CALLS : WRITE_CALLS,
      cost: seconds,
      costBytes: excess,
    }];
  },
});

const pattern = (codeRandom: string, codeSeq: string, dir: 'read' | 'write'): Rule => ({
  code: `${codeRandom}/${codeSeq}`,
  title: `Random or sequential ${dir}s`,
  levels: `${codeRandom} HIGH when random ${dir}s > random_operations of the ${dir}s at known offsets (files of at least material_file_bytes) and > random_operations_absolute; otherwise ${codeSeq} OK`,
  target: 'developer',
  run(ctx, scope, t) {
    if (!ctx.hasOffsets) return [];
    // data files only: the first read of each of many small files is "random" (it starts at 0)
    const files = dataFiles(ctx, scope, t);
    const [kF, cF, sF, tF] = dir === 'read' ? [R_KNOWN_R, R_CONSEC_R, R_SEQ_R, R_RAND_RTIME] : [R_KNOWN_W, R_CONSEC_W, R_SEQ_W, R_RAND_WTIME];
    const n = total(files, kF);
    if (!(n > 0)) return [];
    const consec = total(files, cF);
    const seq = total(files, sF);
    const random = n - consec - seq;
    const calls = dir === 'read' ? READ_CALLS : WRITE_CALLS;
    const numbers = { requests: n, consecutive: consec, sequential: seq, random };
    if (random / n > t.random_operations && random > t.random_operations_absolute) {
      const rnd = (g: FileAgg): number => g.v[kF] - g.v[cF] - g.v[sF];
      const fl = topFiles(ctx, files, rnd, t);
      return [{
        code: codeRandom, level: 'HIGH', target: 'developer',
        message: `Application is issuing a high number (${random}) of random ${dir} operations (${pct(random / n)})`,
        details: fileLines(fl, `random ${dir}s`),
        cases: topCases(ctx, scope, files, (r) => ctx.rec[r * NF + kF] - ctx.rec[r * NF + cF] - ctx.rec[r * NF + sF], t), files: fl,
        numbers,
        recommendations: [{
          text: `Consider changing your data model to have consecutive or sequential ${dir}s`,
          snippet: { lang: 'c', code: `/* sort the requests by offset, then ${dir} in one pass */\nqsort(req, n, sizeof *req, by_offset);\nfor (i = 0; i < n; i++) p${dir}(fd, req[i].buf, req[i].len, req[i].off);` },
        }],
        calls,
        cost: total(files, tF),
      }];
    }
    return [{
      code: codeSeq, level: 'OK', target: 'developer',
      message: `Application mostly uses consecutive (${pct(consec / n)}) and sequential (${pct(seq / n)}) ${dir} requests`,
      details: [], cases: [], files: [], numbers, recommendations: [], calls, cost: null,
    }];
  },
});

const offsetsUnknown: Rule = {
  code: 'T10',
  title: 'Offsets unknown: lseek not traced',
  levels: 'INFO when reads or writes of the application\'s files have no known position because their trace was filtered without lseek',
  target: 'user',
  run(ctx, scope, t) {
    const files = filesOf(ctx, scope, true).filter((g) => g.v[R_UNKNOWN_R] + g.v[R_UNKNOWN_W] > 0 && g.cases.some((k) => ctx.caseNoLseek[k] === 1));
    if (!files.length) return [];
    const unknown = (g: FileAgg): number => g.v[R_UNKNOWN_R] + g.v[R_UNKNOWN_W];
    let n = 0;
    for (const g of files) n += unknown(g);
    const cases = scope.cases.filter((k) => ctx.caseNoLseek[k] === 1);
    const fl = topFiles(ctx, files, unknown, t);
    return [{
      code: 'T10', level: 'INFO', target: 'user',
      message: `Offsets unknown — trace lseek: ${formatCount(n)} reads/writes to ${files.length} file(s) have no known position, as ${cases.length} case(s) were traced with -e trace=… without lseek; the access pattern (P11–P14) and redundant traffic (P09, P10) are not judged on them`,
      details: fl.map((c) => `${formatCount(c.value)} (${pct(c.share)}) requests at unknown positions are to "${c.name}"`),
      cases: topCases(ctx, scope, files, (r) => ctx.rec[r * NF + R_UNKNOWN_R] + ctx.rec[r * NF + R_UNKNOWN_W], t), files: fl,
      numbers: { requests: n, files: files.length, cases: cases.length },
      recommendations: [{ text: 'Trace lseek with the reads and writes (or all file and descriptor calls), so that every position is known', snippet: { lang: 'sh', code: 'strace -f -tt -T -y -e trace=%file,%desc -o {cid}_$(hostname)_$$.st ./app   # %desc includes lseek' } }],
      calls: [...READ_CALLS, ...WRITE_CALLS],
      cost: null,
    }];
  },
};

export const PATTERN_RULES: Rule[] = [
  misaligned,
  redundant('P09', 'read'),
  redundant('P10', 'write'),
  pattern('P11', 'P12', 'read'),
  pattern('P13', 'P14', 'write'),
  offsetsUnknown,
];
