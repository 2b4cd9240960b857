/** P15–P22, T09: shared files, metadata time per case, imbalance between the cases of a run. */
import { META_CALLS, READ_CALLS, WRITE_CALLS } from '../calls';
import {
  NF, R_MAXDUR, R_MTIME, R_RBYTES, R_READS, R_RTIME, R_SMALL_R, R_SMALL_RTIME, R_SMALL_W, R_SMALL_WTIME, R_WBYTES, R_WRITES, R_WTIME, filesOf, perCase, total,
  type FileAgg, type InsightsContext, type Scope,
} from '../context';
import { fileLines, formatBytes, durationSlot, pct, top, topCases, topCasesOf, topFiles } from '../report';
import { scopeOf } from '../scope';
import { BALANCE, LUSTRE_STRIPING, MPI_COLLECTIVE_READ, MPI_COLLECTIVE_WRITE } from '../snippets';
import type { Rule } from '../types';
import { dataFiles } from './pattern';

/** Darshan's shared file: every case of the scope touched it (and there are at least two cases). */
const sharedByAll = (scope: Scope) => (g: FileAgg): boolean => scope.cases.length >= 2 && g.cases.length === scope.cases.length;

const sharedSmall = (code: string, dir: 'read' | 'write'): Rule => ({
  code,
  title: `Small ${dir} requests to a shared file`,
  levels: 'HIGH when, on files every case of a run touches, small requests > small_requests and > small_requests_absolute',
  target: 'developer',
  perRun: true,
  run(ctx, scope, t) {
    const files = filesOf(ctx, scope, true).filter(sharedByAll(scope));
    const [nF, sF] = dir === 'read' ? [R_READS, R_SMALL_R] : [R_WRITES, R_SMALL_W];
    const n = total(files, nF);
    const s = total(files, sF);
    if (!(s > 0 && s / n > t.small_requests && s > t.small_requests_absolute)) return [];
    const fl = topFiles(ctx, files, sF, t);
    return [{
      code, level: 'HIGH', target: 'developer',
      message: `Application issues a high number (${s}) of small ${dir} requests to a shared file (i.e., < ${formatBytes(t.small_bytes)}) which represents ${pct(s / n)} of all shared file ${dir} requests`,
      details: fileLines(fl, `small ${dir} requests`),
      cases: topCases(ctx, scope, files, sF, t), files: fl,
      numbers: { small: s, requests: n, fraction: s / n, shared_files: files.length },
      recommendations: [dir === 'read' ? { ...MPI_COLLECTIVE_READ, text: 'Consider coalescing read requests into larger more contiguous ones using MPI-IO collective operations' } : { ...MPI_COLLECTIVE_WRITE, text: 'Consider coalescing write requests into larger more contiguous ones using MPI-IO collective operations' }],
      calls: dir === 'read' ? READ_CALLS : WRITE_CALLS,
      cost: total(files, dir === 'read' ? R_SMALL_RTIME : R_SMALL_WTIME),
    }];
  },
});

const t09: Rule = {
  code: 'T09',
  title: 'Small I/O on a file several cases touch',
  levels: 'HIGH when, on files touched by more than one case of a run, small requests > small_requests and > small_requests_absolute',
  target: 'developer',
  perRun: true,
  run(ctx, scope, t) {
    const files = filesOf(ctx, scope, true).filter((g) => g.cases.length > 1 && g.v[R_READS] + g.v[R_WRITES] > 0);
    const n = total(files, R_READS) + total(files, R_WRITES);
    const small = (g: FileAgg): number => g.v[R_SMALL_R] + g.v[R_SMALL_W];
    let s = 0;
    for (const g of files) s += small(g);
    if (!(s > 0 && s / n > t.small_requests && s > t.small_requests_absolute)) return [];
    const all = files.filter(sharedByAll(scope)).length;
    const fl = topFiles(ctx, files, small, t);
    return [{
      code: 'T09', level: 'HIGH', target: 'developer',
      message: `${s} small requests (i.e., < ${formatBytes(t.small_bytes)}), ${pct(s / n)} of the requests, go to ${files.length} file(s) touched by more than one case (${all} of them by every case, the files Darshan calls shared)`,
      details: fileLines(fl, 'small requests'),
      cases: topCases(ctx, scope, files, (r) => ctx.rec[r * NF + R_SMALL_R] + ctx.rec[r * NF + R_SMALL_W], t), files: fl,
      numbers: { small: s, requests: n, fraction: s / n, files: files.length, shared_by_all: all },
      recommendations: [
        { ...MPI_COLLECTIVE_WRITE, text: 'Let one rank (or MPI-IO collective buffering) turn the many small requests of several processes into few large ones' },
        { text: 'Or give each process its own file and merge afterwards', snippet: { lang: 'c', code: 'snprintf(path, sizeof path, "out.%05d", rank); /* one file per rank */' } },
      ],
      calls: [...READ_CALLS, ...WRITE_CALLS],
      cost: total(files, R_SMALL_RTIME) + total(files, R_SMALL_WTIME),
    }];
  },
};

const metadataTime: Rule = {
  code: 'P17',
  title: 'Metadata time per case',
  levels: 'HIGH when a case spends more than metadata_time_rank seconds in metadata calls',
  target: 'developer',
  run(ctx, scope, t) {
    if (!ctx.hasDurations) return [];
    const meta = appPerCase(ctx, scope, [R_MTIME]);
    const slow = scope.cases.filter((k) => meta[k] > t.metadata_time_rank);
    if (!slow.length) return [];
    const sub = scopeOf(scope, slow);
    const files = filesOf(ctx, sub, true);
    const fl = topFiles(ctx, files, R_MTIME, t);
    let worst = slow[0];
    let seconds = 0;
    for (const k of slow) {
      seconds += meta[k];
      if (meta[k] > meta[worst]) worst = k;
    }
    return [{
      code: 'P17', level: 'HIGH', target: 'developer',
      message: `There are ${slow.length} case(s) where metadata operations take over ${t.metadata_time_rank} seconds (at most ${durationSlot(meta[worst])} in ${ctx.log.cases[worst].id})`,
      details: fl.map((c) => `${durationSlot(c.value)} (${pct(c.share)}) of the metadata time is spent on "${c.name}"`),
      cases: topCasesOf(ctx, sub, meta, t), files: fl,
      numbers: { cases: slow.length, max_seconds: meta[worst], threshold: t.metadata_time_rank },
      recommendations: [
        { text: 'Attempt to combine files, reduce, or cache metadata operations' },
        { text: 'If the application uses HDF5, try collective metadata operations', snippet: { lang: 'c', code: 'H5Pset_all_coll_metadata_ops(fapl, true);\nH5Pset_coll_metadata_write(fapl, true);' } },
      ],
      calls: META_CALLS,
      cost: seconds,
    }];
  },
};

/** Per case: the sum of record fields over the application's files. */
export function appPerCase(ctx: InsightsContext, scope: Scope, fields: number[]): Float64Array {
  let out = new Float64Array(ctx.log.cases.length);
  for (const f of fields) {
    const x = perCase(ctx, scope, f, (fp) => ctx.appFile[fp] === 1);
    out = out.map((v, k) => v + x[k]);
  }
  return out;
}

/** Per shared file: the slowest and fastest case (by time on the file), their time and bytes apart. */
function stragglers(ctx: InsightsContext, files: FileAgg[]) {
  return files.map((g) => {
    let slow = 0;
    let fast = 0;
    const at = (j: number, f: number): number => ctx.rec[g.recs[j] * NF + f];
    const time = (j: number): number => at(j, R_RTIME) + at(j, R_WTIME) + at(j, R_MTIME);
    const bytes = (j: number): number => at(j, R_RBYTES) + at(j, R_WBYTES);
    for (let j = 1; j < g.recs.length; j++) {
      if (time(j) > time(slow)) slow = j;
      if (time(j) < time(fast)) fast = j;
    }
    const totalBytes = g.v[R_RBYTES] + g.v[R_WBYTES];
    const totalTime = g.v[R_RTIME] + g.v[R_WTIME] + g.v[R_MTIME];
    const gap = time(slow) - time(fast);
    return {
      g,
      data: totalBytes > 0 ? Math.abs(bytes(slow) - bytes(fast)) / totalBytes : 0,
      time: totalTime > 0 ? gap / totalTime : 0,
      seconds: gap,
      bytes: Math.abs(bytes(slow) - bytes(fast)),
      // the slowest case's lead over the fastest is one call of it (a single slow open or fsync)
      oneCall: gap <= at(slow, R_MAXDUR),
    };
  });
}

const imbalance = (code: string, what: 'data' | 'time'): Rule => ({
  code,
  title: what === 'data' ? 'Data transfer imbalance on a shared file' : 'Time imbalance on a shared file',
  levels: 'HIGH when on a file every case of a run touches (of at least material_file_bytes) |slowest − fastest case| / total > imbalance_stragglers (time: not one call of the slowest)',
  target: 'user',
  perRun: true,
  run(ctx, scope, t) {
    if (!ctx.hasDurations) return [];
    const files = dataFiles(ctx, scope, t).filter(sharedByAll(scope));
    const hits = stragglers(ctx, files).filter((s) => s[what] > t.imbalance_stragglers && (what === 'data' || !s.oneCall));
    if (!hits.length) return [];
    const fl = top(hits.map((h) => [ctx.log.paths[h.g.fp], h[what]] as [string, number]), { ...t, top_share: 0 });
    const hf = hits.map((h) => h.g);
    return [{
      code, level: 'HIGH', target: 'user',
      message: `Detected ${what === 'data' ? 'data transfer' : 'time'} imbalance caused by stragglers when accessing ${hits.length} shared file(s)`,
      details: fl.map((c) => `Load imbalance of ${pct(c.value)} detected while accessing "${c.name}"`),
      cases: topCases(ctx, scope, hf, (r) => what === 'data' ? ctx.rec[r * NF + R_RBYTES] + ctx.rec[r * NF + R_WBYTES] : ctx.rec[r * NF + R_RTIME] + ctx.rec[r * NF + R_WTIME] + ctx.rec[r * NF + R_MTIME], t),
      files: fl,
      numbers: { files: hits.length, max_imbalance: Math.max(...hits.map((h) => h[what])) },
      recommendations: what === 'data' ? [BALANCE, LUSTRE_STRIPING] : [{ text: 'Consider better distributing the data in the parallel file system' }, LUSTRE_STRIPING],
      calls: [...READ_CALLS, ...WRITE_CALLS],
      cost: hits.reduce((s, h) => s + h.seconds, 0),
      costBytes: what === 'data' ? hits.reduce((s, h) => s + h.bytes, 0) : undefined,
    }];
  },
});

const individual = (code: string, dir: 'write' | 'read'): Rule => ({
  code,
  title: `${dir === 'write' ? 'Write' : 'Read'} imbalance on files some cases share`,
  levels: `HIGH when on a file ${dir === 'write' ? 'written' : 'read'} by two or more (not all) cases of a run (max − min) / max bytes per case > imbalance_size`,
  target: 'developer',
  perRun: true,
  run(ctx, scope, t) {
    const [bF, tF] = dir === 'write' ? [R_WBYTES, R_WTIME] : [R_RBYTES, R_RTIME];
    const all = sharedByAll(scope);
    const hits: { g: FileAgg; imb: number; bytes: number; seconds: number }[] = [];
    for (const g of dataFiles(ctx, scope, t)) {
      if (all(g)) continue;
      const recs = g.recs.filter((r) => ctx.rec[r * NF + bF] > 0);
      if (recs.length < 2) continue;
      let hi = recs[0];
      let lo = recs[0];
      for (const r of recs) {
        if (ctx.rec[r * NF + bF] > ctx.rec[hi * NF + bF]) hi = r;
        if (ctx.rec[r * NF + bF] < ctx.rec[lo * NF + bF]) lo = r;
      }
      const max = ctx.rec[hi * NF + bF];
      const min = ctx.rec[lo * NF + bF];
      if ((max - min) / max > t.imbalance_size) hits.push({ g, imb: (max - min) / max, bytes: max - min, seconds: Math.max(0, ctx.rec[hi * NF + tF] - ctx.rec[lo * NF + tF]) });
    }
    if (!hits.length) return [];
    const fl = top(hits.map((h) => [ctx.log.paths[h.g.fp], h.imb] as [string, number]), { ...t, top_share: 0 });
    return [{
      code, level: 'HIGH', target: 'developer',
      message: `Detected ${dir} imbalance when accessing ${hits.length} individual file(s)`,
      details: fl.map((c) => `Load imbalance of ${pct(c.value)} detected while accessing "${c.name}"`),
      cases: topCases(ctx, scope, hits.map((h) => h.g), bF, t), files: fl,
      numbers: { files: hits.length, max_imbalance: Math.max(...hits.map((h) => h.imb)) },
      recommendations: [
        BALANCE,
        { ...LUSTRE_STRIPING, text: 'Consider tuning the stripe size and count to better distribute the data' },
        { text: 'If the application uses netCDF and HDF5 double-check the need to set NO_FILL values', snippet: { lang: 'c', code: 'nc_def_var_fill(ncid, varid, NC_NOFILL, NULL);   /* netCDF */\nH5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER);    /* HDF5 */' } },
        { text: 'If rank 0 is the only one opening the file, consider using MPI-IO collectives' },
      ],
      calls: dir === 'write' ? WRITE_CALLS : READ_CALLS,
      cost: hits.reduce((s, h) => s + h.seconds, 0),
      costBytes: hits.reduce((s, h) => s + h.bytes, 0),
    }];
  },
});

export const BALANCE_RULES: Rule[] = [
  sharedSmall('P15', 'read'),
  sharedSmall('P16', 'write'),
  metadataTime,
  imbalance('P18', 'data'),
  imbalance('P19', 'time'),
  individual('P21', 'write'),
  individual('P22', 'read'),
  t09,
];
