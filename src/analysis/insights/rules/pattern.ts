/** P08–P14: alignment, redundant traffic and access pattern — the rules that need file offsets. */
import { READ_CALLS, WRITE_CALLS } from '../calls';
import {
  NF, R_CONSEC_R, R_CONSEC_W, R_KNOWN_R, R_KNOWN_W, R_MAX_R, R_MAX_W, R_MISALIGNED, R_RBYTES, R_SEQ_R, R_SEQ_W, R_WBYTES, filesOf, total,
} from '../context';
import { fileLines, formatBytes, pct, topCases, topFiles } from '../report';
import { ALIGN, LUSTRE_STRIPING } from '../snippets';
import type { Rule } from '../types';

const misaligned: Rule = {
  code: 'P08',
  title: 'Misaligned file requests',
  levels: 'HIGH when requests at an offset that is not a multiple of `alignment` > misaligned_requests of the requests',
  target: 'developer',
  run(ctx, scope, t) {
    if (!ctx.hasOffsets) return [];
    const files = filesOf(ctx, scope, true);
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
    }];
  },
};

const redundant = (code: string, dir: 'read' | 'write'): Rule => ({
  code,
  title: `Redundant ${dir} traffic`,
  levels: `WARN when a file had more bytes ${dir === 'read' ? 'read' : 'written'} than its highest offset ${dir === 'read' ? 'read' : 'written'}`,
  target: 'developer',
  run(ctx, scope, t) {
    if (!ctx.hasOffsets) return [];
    const bF = dir === 'read' ? R_RBYTES : R_WBYTES;
    const mF = dir === 'read' ? R_MAX_R : R_MAX_W;
    const files = filesOf(ctx, scope, true).filter((g) => g.v[mF] >= 0 && g.v[bF] > g.v[mF]);
    if (!files.length) return [];
    const extra = (g: (typeof files)[number]): number => g.v[bF] - g.v[mF];
    const fl = topFiles(ctx, files, extra, t);
    const moved = total(files, bF);
    let highest = 0;
    for (const g of files) highest += g.v[mF];
    const verb = dir === 'read' ? 'read' : 'written';
    return [{
      code, level: 'WARN', target: 'developer',
      message: `Application might have redundant ${dir} traffic (more data ${verb} than the highest offset): ${formatBytes(moved)} ${verb} from ${files.length} file(s) whose highest offsets add up to ${formatBytes(highest)}`,
      details: fl.map((c) => `${formatBytes(c.value)} (${pct(c.share)}) of the excess ${dir}s are to "${c.name}"`),
      cases: topCases(ctx, scope, files, bF, t), files: fl,
      numbers: { bytes: moved, highest_offset: highest, files: files.length },
      recommendations: [dir === 'read'
        ? { text: 'Read each part of the file once and keep it in memory (or share it between ranks) instead of reading it again', snippet: { lang: 'c', code: '/* one rank reads, everyone gets it */\nif (rank == 0) pread(fd, buf, n, 0);\nMPI_Bcast(buf, n, MPI_BYTE, 0, MPI_COMM_WORLD);' } }
        : { text: 'Write each part of the file once: accumulate updates in memory and write the final data', snippet: { lang: 'c', code: '/* update the buffer, write once at the end */\nmemcpy(buf + off, rec, len); /* many times */\npwrite(fd, buf, total, 0);      /* once */' } }],
      calls: dir === 'read' ? READ_CALLS : WRITE_CALLS,
    }];
  },
});

const pattern = (codeRandom: string, codeSeq: string, dir: 'read' | 'write'): Rule => ({
  code: `${codeRandom}/${codeSeq}`,
  title: `Random or sequential ${dir}s`,
  levels: `${codeRandom} HIGH when random ${dir}s > random_operations of the ${dir}s and > random_operations_absolute; otherwise ${codeSeq} OK`,
  target: 'developer',
  run(ctx, scope, t) {
    if (!ctx.hasOffsets) return [];
    const files = filesOf(ctx, scope, true);
    const [kF, cF, sF] = dir === 'read' ? [R_KNOWN_R, R_CONSEC_R, R_SEQ_R] : [R_KNOWN_W, R_CONSEC_W, R_SEQ_W];
    const n = total(files, kF);
    if (!(n > 0)) return [];
    const consec = total(files, cF);
    const seq = total(files, sF);
    const random = n - consec - seq;
    const calls = dir === 'read' ? READ_CALLS : WRITE_CALLS;
    const numbers = { requests: n, consecutive: consec, sequential: seq, random };
    if (random / n > t.random_operations && random > t.random_operations_absolute) {
      const rnd = (g: (typeof files)[number]): number => g.v[kF] - g.v[cF] - g.v[sF];
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
      }];
    }
    return [{
      code: codeSeq, level: 'OK', target: 'developer',
      message: `Application mostly uses consecutive (${pct(consec / n)}) and sequential (${pct(seq / n)}) ${dir} requests`,
      details: [], cases: [], files: [], numbers, recommendations: [], calls,
    }];
  },
});

export const PATTERN_RULES: Rule[] = [
  misaligned,
  redundant('P09', 'read'),
  redundant('P10', 'write'),
  pattern('P11', 'P12', 'read'),
  pattern('P13', 'P14', 'write'),
];
