/** P15–P22, T06, T07, T09: shared files, metadata time per case, imbalance between cases. */
import { META_CALLS, READ_CALLS, WRITE_CALLS } from '../calls';
import {
  NF, R_MTIME, R_RBYTES, R_READS, R_RTIME, R_SMALL_R, R_SMALL_W, R_WBYTES, R_WRITES, R_WTIME, filesOf, perCase, total, type FileAgg, type InsightsContext, type Scope,
} from '../context';
import { fileLines, formatBytes, formatDuration, pct, top, topCases, topCasesOf, topFiles } from '../report';
import { BALANCE, LUSTRE_STRIPING, MPI_COLLECTIVE_READ, MPI_COLLECTIVE_WRITE } from '../snippets';
import { stragglerRule } from '../../time/phases';
import type { Thresholds } from '../thresholds';
import type { RawFinding, Rule } from '../types';

/** Darshan's shared file: every case of the scope touched it (and there are at least two cases). */
const sharedByAll = (scope: Scope) => (g: FileAgg): boolean => scope.cases.length >= 2 && g.cases.length === scope.cases.length;

const sharedSmall = (code: string, dir: 'read' | 'write'): Rule => ({
  code,
  title: `Small ${dir} requests to a shared file`,
  levels: 'HIGH when, on files every case touches, small requests > small_requests and > small_requests_absolute',
  target: 'developer',
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
    }];
  },
});

const t09: Rule = {
  code: 'T09',
  title: 'Small I/O on a file several cases touch',
  levels: 'HIGH when, on files touched by more than one case, small requests > small_requests and > small_requests_absolute',
  target: 'developer',
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
    const sub: Scope = { ...scope, cases: slow, has: new Uint8Array(scope.has.length) };
    for (const k of slow) sub.has[k] = 1;
    const files = filesOf(ctx, sub, true);
    const fl = topFiles(ctx, files, R_MTIME, t);
    let worst = slow[0];
    for (const k of slow) if (meta[k] > meta[worst]) worst = k;
    return [{
      code: 'P17', level: 'HIGH', target: 'developer',
      message: `There are ${slow.length} case(s) where metadata operations take over ${t.metadata_time_rank} seconds (at most ${formatDuration(meta[worst])} in ${ctx.log.cases[worst].id})`,
      details: fl.map((c) => `${formatDuration(c.value)} (${pct(c.share)}) of the metadata time is spent on "${c.name}"`),
      cases: topCasesOf(ctx, sub, meta, t), files: fl,
      numbers: { cases: slow.length, max_seconds: meta[worst], threshold: t.metadata_time_rank },
      recommendations: [
        { text: 'Attempt to combine files, reduce, or cache metadata operations' },
        { text: 'If the application uses HDF5, try collective metadata operations', snippet: { lang: 'c', code: 'H5Pset_all_coll_metadata_ops(fapl, true);\nH5Pset_coll_metadata_write(fapl, true);' } },
      ],
      calls: META_CALLS,
    }];
  },
};

/** Per case: the sum of record fields over the files Darshan records. */
function appPerCase(ctx: InsightsContext, scope: Scope, fields: number[]): Float64Array {
  let out = new Float64Array(ctx.log.cases.length);
  for (const f of fields) {
    const x = perCase(ctx, scope, f, (fp) => ctx.appFile[fp] === 1);
    out = out.map((v, k) => v + x[k]);
  }
  return out;
}

/** Per shared file: the slowest and fastest case (by time on the file) and their bytes / times. */
function stragglers(ctx: InsightsContext, files: FileAgg[]) {
  return files.map((g) => {
    let slow = 0;
    let fast = 0;
    const time = (j: number): number => {
      const o = g.recs[j] * NF;
      return ctx.rec[o + R_RTIME] + ctx.rec[o + R_WTIME] + ctx.rec[o + R_MTIME];
    };
    const bytes = (j: number): number => ctx.rec[g.recs[j] * NF + R_RBYTES] + ctx.rec[g.recs[j] * NF + R_WBYTES];
    for (let j = 1; j < g.recs.length; j++) {
      if (time(j) > time(slow)) slow = j;
      if (time(j) < time(fast)) fast = j;
    }
    const totalBytes = g.v[R_RBYTES] + g.v[R_WBYTES];
    const totalTime = g.v[R_RTIME] + g.v[R_WTIME] + g.v[R_MTIME];
    return {
      g,
      data: totalBytes > 0 ? Math.abs(bytes(slow) - bytes(fast)) / totalBytes : 0,
      time: totalTime > 0 ? Math.abs(time(slow) - time(fast)) / totalTime : 0,
    };
  });
}

const imbalance = (code: string, what: 'data' | 'time'): Rule => ({
  code,
  title: what === 'data' ? 'Data transfer imbalance on a shared file' : 'Time imbalance on a shared file',
  levels: 'HIGH when on a file every case touches |slowest − fastest case| / total > imbalance_stragglers',
  target: 'user',
  run(ctx, scope, t) {
    if (!ctx.hasDurations) return [];
    // files with data: a directory or the program every case stats is shared, but moves nothing
    const withData = (g: FileAgg): boolean => g.v[R_RBYTES] + g.v[R_WBYTES] > 0;
    const hits = stragglers(ctx, filesOf(ctx, scope, true).filter((g) => sharedByAll(scope)(g) && withData(g))).filter((s) => s[what] > t.imbalance_stragglers);
    if (!hits.length) return [];
    const fl = top(hits.map((h) => [ctx.log.paths[h.g.fp], h[what]] as [string, number]), { ...t, top_share: 0 });
    const files = hits.map((h) => h.g);
    return [{
      code, level: 'HIGH', target: 'user',
      message: `Detected ${what === 'data' ? 'data transfer' : 'time'} imbalance caused by stragglers when accessing ${hits.length} shared file(s)`,
      details: fl.map((c) => `Load imbalance of ${pct(c.value)} detected while accessing "${c.name}"`),
      cases: topCases(ctx, scope, files, (r) => what === 'data' ? ctx.rec[r * NF + R_RBYTES] + ctx.rec[r * NF + R_WBYTES] : ctx.rec[r * NF + R_RTIME] + ctx.rec[r * NF + R_WTIME] + ctx.rec[r * NF + R_MTIME], t),
      files: fl,
      numbers: { files: hits.length, max_imbalance: Math.max(...hits.map((h) => h[what])) },
      recommendations: what === 'data' ? [BALANCE, LUSTRE_STRIPING] : [{ text: 'Consider better distributing the data in the parallel file system' }, LUSTRE_STRIPING],
      calls: [...READ_CALLS, ...WRITE_CALLS],
    }];
  },
});

const individual = (code: string, dir: 'write' | 'read'): Rule => ({
  code,
  title: `${dir === 'write' ? 'Write' : 'Read'} imbalance on files some cases share`,
  levels: `HIGH when on a file ${dir === 'write' ? 'written' : 'read'} by two or more (not all) cases (max − min) / max bytes per case > imbalance_size`,
  target: 'developer',
  run(ctx, scope, t) {
    const bF = dir === 'write' ? R_WBYTES : R_RBYTES;
    const all = sharedByAll(scope);
    const hits: { g: FileAgg; imb: number }[] = [];
    for (const g of filesOf(ctx, scope, true)) {
      if (all(g)) continue;
      const b = g.recs.map((r) => ctx.rec[r * NF + bF]).filter((x) => x > 0);
      if (b.length < 2) continue;
      const max = Math.max(...b);
      const min = Math.min(...b);
      if ((max - min) / max > t.imbalance_size) hits.push({ g, imb: (max - min) / max });
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
    }];
  },
});

/** Whether case k is the first rank of its program: the lowest rank number among the scope's cases of its cid. */
function isFirstRank(ctx: InsightsContext, scope: Scope, k: number): boolean {
  const rank = (c: number): number => {
    const r = ctx.log.cases[c].rid;
    return /^\d+$/.test(r) ? Number(r) : Infinity;
  };
  if (rank(k) === Infinity) return false;
  const cid = ctx.log.cases[k].cid;
  return scope.cases.every((c) => c === k || ctx.log.cases[c].cid !== cid || rank(c) > rank(k));
}

const rankHeavy: Rule = {
  code: 'T06',
  title: 'One case (rank 0) does most of the I/O',
  levels: 'HIGH when one case moves > rank_heavy of the bytes or spends > rank_heavy of the I/O time (with ≥ rank_heavy_min_cases cases)',
  target: 'user',
  run(ctx, scope, t) {
    if (scope.cases.length < t.rank_heavy_min_cases) return [];
    const share = (arr: Float64Array): { k: number; share: number; sum: number } => {
      let sum = 0;
      let k = scope.cases[0];
      for (const c of scope.cases) {
        sum += arr[c];
        if (arr[c] > arr[k]) k = c;
      }
      return { k, share: sum > 0 ? arr[k] / sum : 0, sum };
    };
    const bytes = appPerCase(ctx, scope, [R_RBYTES, R_WBYTES]);
    const time = appPerCase(ctx, scope, [R_RTIME, R_WTIME, R_MTIME]);
    const b = share(bytes);
    const tm = share(time);
    const hit = b.share > t.rank_heavy ? b : tm.share > t.rank_heavy ? tm : null;
    if (!hit) return [];
    const k = hit.k;
    const id = ctx.log.cases[k].id;
    const first = isFirstRank(ctx, scope, k) ? ' (the first rank)' : '';
    const parts: string[] = [];
    if (b.sum > 0) parts.push(`${pct(bytes[k] / b.sum)} of the bytes (${formatBytes(bytes[k])} of ${formatBytes(b.sum)})`);
    if (tm.sum > 0) parts.push(`${pct(time[k] / tm.sum)} of the I/O time (${formatDuration(time[k])} of ${formatDuration(tm.sum)})`);
    const byBytes = hit === b;
    return [{
      code: 'T06', level: 'HIGH', target: 'user',
      message: `Case ${id}${first} moves ${parts.join(' and spends ')} of the ${scope.cases.length} cases`,
      details: [],
      cases: topCasesOf(ctx, scope, byBytes ? bytes : time, t), files: [],
      numbers: { bytes_share: b.sum > 0 ? bytes[k] / b.sum : 0, time_share: tm.sum > 0 ? time[k] / tm.sum : 0, cases: scope.cases.length },
      recommendations: [
        { text: 'Spread the I/O over the ranks (each writes its part of a shared file), or use MPI-IO collectives / parallel HDF5 instead of funnelling the data through one rank', snippet: { lang: 'c', code: '/* every rank writes its own block instead of gathering to rank 0 */\nMPI_File_write_at_all(fh, (MPI_Offset)rank * block, buf, block, MPI_BYTE, MPI_STATUS_IGNORE);' } },
      ],
    }];
  },
};

const stragglerCases: Rule = {
  code: 'T07',
  title: 'Straggler cases',
  levels: 'WARN when, within an I/O phase (docs/METHOD.md "Time"), cases are stragglers — busy time (Σ dur of their events in the phase) above mean + straggler_sigma σ of the phase\'s cases, as the time views say — and one exceeds the mean by straggler_excess (at least 3 cases)',
  target: 'user',
  run(ctx, scope, t) {
    if (!ctx.hasDurations || scope.cases.length < 3) return [];
    // the phases and per-case busy times of the time views (stragglers: docs/METHOD.md "Stragglers")
    const ph = ctx.phases();
    const { busy, seen } = ctx.phaseBusy();
    const P = ph.phases.length;
    const out: RawFinding[] = [];
    for (let j = 0; j < P; j++) {
      const cases = scope.cases.filter((k) => seen[k * P + j]);
      if (cases.length < 3) continue;
      const label = P === 1 ? 'the run' : `I/O phase ${j + 1} of ${P} (${ph.phases[j].start.toFixed(2)}–${ph.phases[j].end.toFixed(2)} s)`;
      out.push(...stragglerFindings(ctx, { ...scope, cases }, t, cases.map((k) => busy[k * P + j]), label));
    }
    return out;
  },
};

/**
 * One phase's T07 finding: the stragglers by the time views' rule (`stragglerRule`, at straggler_sigma),
 * all of them named; reported only when one of them exceeds the mean by straggler_excess (among three
 * nearly equal cases one is always above mean + 1 σ: that gate keeps such noise out of the report).
 */
export function stragglerFindings(ctx: InsightsContext, scope: Scope, t: Thresholds, times: number[], phase: string): RawFinding[] {
  const n = times.length;
  const { mean, std: sd, slow: idx } = stragglerRule(times, t.straggler_sigma);
  if (!idx.length || !(mean > 0) || !idx.some((j) => times[j] > mean * (1 + t.straggler_excess))) return [];
  idx.sort((x, y) => times[y] - times[x] || x - y);
  const slow = idx.map((j) => scope.cases[j]);
  const val = new Float64Array(ctx.log.cases.length);
  scope.cases.forEach((k, j) => (val[k] = times[j]));
  const lines = slow.map((k) => `${ctx.log.cases[k].id}: ${formatDuration(val[k])} busy (+${pct(val[k] / mean - 1)} over the mean)`);
  return [{
    code: 'T07', level: 'WARN', target: 'user',
    message: `${slow.length} case(s) spend more time in I/O during ${phase} than mean + ${t.straggler_sigma} σ of the ${n} cases (busy time, the sum of a case's call durations in it: mean ${formatDuration(mean)}, σ ${formatDuration(sd)})`,
    details: lines,
    cases: top(slow.map((k) => [ctx.log.cases[k].id, val[k]] as [string, number]), { ...t, top_share: 0 }),
    files: [],
    numbers: { stragglers: slow.length, mean, sd, cases: n },
    recommendations: [
      { text: 'Check where the stragglers ran (host, file system client) and whether they get more data than the others', snippet: { lang: 'sh', code: 'grep -c . traces/*.st          # calls per case\nstrace-dfg analyze --green-cid … # compare a straggler with the rest' } },
      LUSTRE_STRIPING,
    ],
    key: `T07:${phase}`,
  }];
}

export const BALANCE_RULES: Rule[] = [
  sharedSmall('P15', 'read'),
  sharedSmall('P16', 'write'),
  metadataTime,
  imbalance('P18', 'data'),
  imbalance('P19', 'time'),
  individual('P21', 'write'),
  individual('P22', 'read'),
  rankHeavy,
  stragglerCases,
  t09,
];
