/**
 * Drishti's rules on the counters of Darshan logs (EventLog.profiles): the MPI-IO ones strace cannot see
 * (M01–M10), STDIO usage (S01), and — for logs without a DXT trace, whose events the other rules read —
 * the POSIX request-size and intensity rules (P01–P06) from the counters. Same thresholds and texts as
 * Drishti; every finding names its source (docs/METHOD.md "Insights from Darshan counters").
 * Not M08–M10: the `h` hints in a log's metadata are the ones Darshan wrote its own log with (its default
 * `romio_no_indep_rw=true;cb_nodes=4`, in every log of the collection), not the application's; the
 * application's aggregators are not recorded, so those rules would fire on one-node runs that never set
 * cb_nodes.
 */
import { column, tableOf, type CounterTable, type Profile } from '../../../model/profile';
import type { InsightsContext, Scope } from '../context';
import { formatBytes, pct } from '../report';
import { BUFFER_READS, BUFFER_WRITES, MPI_COLLECTIVE_READ, MPI_COLLECTIVE_WRITE } from '../snippets';
import type { Thresholds } from '../thresholds';
import type { Contribution, RawFinding, Recommendation, Rule } from '../types';

/** The profiles of a scope: all of them without a partition, else those with a case in the scope. */
export function profilesIn(ctx: InsightsContext, scope: Scope): Profile[] {
  const all = ctx.log.profiles ?? [];
  if (scope.name === 'all') return [...all];
  const inScope = new Set(scope.cases.map((k) => ctx.log.cases[k].id));
  return all.filter((p) => Object.values(p.caseOfRank).some((id) => inScope.has(id)));
}

const sourceLine = (ps: readonly Profile[]): string => `source: Darshan counters of ${ps.map((p) => p.source).join(', ')}`;

/** Σ of counters over every row of a module in the profiles (−1 = not recorded counts as 0). */
export function total(ps: readonly Profile[], module: string, names: readonly string[]): number {
  let s = 0;
  for (const p of ps) {
    const t = tableOf(p, module);
    if (!t) continue;
    for (const n of names) {
      const c = column(t, n);
      if (c) for (let r = 0; r < t.rank.length; r++) s += Math.max(0, c(r));
    }
  }
  return s;
}

/** Per file: Σ of a quantity over its rows (all profiles), largest first, as contributions. */
export function byFile(ps: readonly Profile[], module: string, value: (t: CounterTable, row: number) => number, t: Thresholds): Contribution[] {
  const sums = new Map<string, number>();
  for (const p of ps) {
    const tab = tableOf(p, module);
    if (!tab) continue;
    for (let r = 0; r < tab.rank.length; r++) {
      const v = value(tab, r);
      if (v > 0) sums.set(tab.files[tab.file[r]], (sums.get(tab.files[tab.file[r]]) ?? 0) + v);
    }
  }
  const all = [...sums.values()].reduce((a, b) => a + b, 0);
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, t.top_items)
    .map(([name, v]) => ({ name, value: v, share: all > 0 ? v / all : 0 })).filter((c) => c.share >= t.top_share);
}

const get = (t: CounterTable, name: string, r: number): number => Math.max(0, column(t, name)?.(r) ?? 0);
export const hasModule = (ps: readonly Profile[], m: string): boolean => ps.some((p) => p.tables.some((t) => t.module === m && t.rank.length > 0));

export const finding = (code: string, level: RawFinding['level'], message: string, ps: readonly Profile[], numbers: Record<string, number>, extra: Partial<RawFinding> = {}): RawFinding => ({
  code, level, target: 'developer', message, details: [sourceLine(ps), ...(extra.details ?? [])], cases: [], files: extra.files ?? [], numbers,
  recommendations: extra.recommendations ?? [], key: extra.key ?? code, calls: [],
  // the counters give no time a finding accounts for here: its level stands (docs/METHOD.md "Materiality")
  cost: null,
});

const MPIIO_SWITCH: Recommendation = { text: 'Consider switching to a high-performance I/O interface such as MPI-IO' };

const S01: Rule = {
  code: 'S01', title: 'STDIO usage (Darshan counters)', target: 'developer', levels: 'HIGH when STDIO moves more than interface_stdio of the bytes',
  run(ctx, scope, t) {
    const ps = profilesIn(ctx, scope);
    const stdio = total(ps, 'STDIO', ['STDIO_BYTES_READ', 'STDIO_BYTES_WRITTEN']);
    const mpiio = total(ps, 'MPI-IO', ['MPIIO_BYTES_READ', 'MPIIO_BYTES_WRITTEN']);
    let posix = total(ps, 'POSIX', ['POSIX_BYTES_READ', 'POSIX_BYTES_WRITTEN']);
    if (posix >= mpiio) posix -= mpiio; // MPI-IO's bytes reach POSIX too
    const all = stdio + posix + mpiio;
    if (!(all > 0 && stdio / all > t.interface_stdio)) return [];
    return [finding('S01', 'HIGH', `Application is using STDIO, a low-performance interface, for ${pct(stdio / all)} of its data transfers (${formatBytes(stdio)})`, ps,
      { stdio_bytes: stdio, bytes: all, fraction: stdio / all },
      { recommendations: [MPIIO_SWITCH], files: byFile(ps, 'STDIO', (tab, r) => get(tab, 'STDIO_BYTES_READ', r) + get(tab, 'STDIO_BYTES_WRITTEN', r), t) })];
  },
};

const M01: Rule = {
  code: 'M01', title: 'MPI-IO not used (Darshan counters)', target: 'developer', levels: 'WARN when a job of several processes moves data without MPI-IO',
  run(ctx, scope) {
    const ps = profilesIn(ctx, scope).filter((p) => p.nprocs > 1);
    if (!ps.length || hasModule(ps, 'MPI-IO')) return [];
    const bytes = total(ps, 'POSIX', ['POSIX_BYTES_READ', 'POSIX_BYTES_WRITTEN']) + total(ps, 'STDIO', ['STDIO_BYTES_READ', 'STDIO_BYTES_WRITTEN']);
    if (!(bytes > 0)) return [];
    return [finding('M01', 'WARN', 'Application is using low-performance interface', ps, { bytes, nprocs: Math.max(...ps.map((p) => p.nprocs)) },
      { recommendations: [MPIIO_SWITCH], details: [`${ps.length === 1 ? `${ps[0].nprocs} processes` : 'several processes'} moved ${formatBytes(bytes)} through POSIX/STDIO, none through MPI-IO`] })];
  },
};

const collective = (code: string, okCode: string, dir: 'read' | 'write'): Rule => ({
  code, title: `Collective MPI-IO ${dir}s (Darshan counters; ${code} none, ${okCode} used)`, target: 'developer',
  levels: `HIGH (${code}) when no ${dir} is collective and there are more than collective_operations_absolute; OK (${okCode}) when some are`,
  run(ctx, scope, t) {
    const ps = profilesIn(ctx, scope);
    if (!hasModule(ps, 'MPI-IO')) return [];
    const D = dir === 'read' ? 'READS' : 'WRITES';
    const coll = total(ps, 'MPI-IO', [`MPIIO_COLL_${D}`]);
    const indep = total(ps, 'MPI-IO', [`MPIIO_INDEP_${D}`]);
    const ops = coll + indep;
    if (coll > 0) {
      return [finding(okCode, 'OK', `Application uses MPI-IO and ${dir === 'read' ? 'read' : 'write'} data using ${coll} (${pct(coll / ops)}) collective operations`, ps, { collective: coll, independent: indep, fraction: coll / ops })];
    }
    if (!(ops > t.collective_operations_absolute)) return [];
    const files = byFile(ps, 'MPI-IO', (tab, r) => {
      const own = get(tab, `MPIIO_INDEP_${D}`, r);
      const both = get(tab, 'MPIIO_INDEP_READS', r) + get(tab, 'MPIIO_INDEP_WRITES', r);
      return both > 0 && own / both > t.collective_operations && both > t.collective_operations_absolute ? own : 0;
    }, t);
    return [finding(code, 'HIGH', `Application uses MPI-IO but it does not use collective ${dir} operations, instead it issues ${indep} (${pct(indep / ops)}) independent ${dir} calls`, ps,
      { independent: indep, operations: ops, fraction: indep / ops },
      { files, details: files.map((f) => `${f.value} (${pct(f.share)}) of independent ${dir}s to "${f.name}"`),
        recommendations: [dir === 'read' ? MPI_COLLECTIVE_READ : MPI_COLLECTIVE_WRITE, { text: `Use collective ${dir} operations (e.g. MPI_File_${dir}_all() or MPI_File_${dir}_at_all()) and set one aggregator per compute node` }] })];
  },
});

const blocking = (code: string, dir: 'read' | 'write'): Rule => ({
  code, title: `Blocking MPI-IO ${dir}s (Darshan counters)`, target: 'developer', levels: `WARN when MPI-IO ${dir}s data and none of its ${dir}s is non-blocking`,
  run(ctx, scope) {
    const ps = profilesIn(ctx, scope);
    if (!hasModule(ps, 'MPI-IO')) return [];
    const D = dir === 'read' ? 'READS' : 'WRITES';
    const ops = total(ps, 'MPI-IO', ['INDEP', 'COLL', 'SPLIT', 'NB'].map((k) => `MPIIO_${k}_${D}`));
    if (!(ops > 0) || total(ps, 'MPI-IO', [`MPIIO_NB_${D}`]) > 0) return [];
    const hdf5 = hasModule(ps, 'H5F') || ps.some((p) => tableOf(p, 'MPI-IO')?.files.some((f) => /\.(h5|hdf5)$/.test(f)));
    const recs: Recommendation[] = [];
    if (hdf5) recs.push({ text: 'Since you use HDF5, consider using the ASYNC I/O VOL connector (https://github.com/hpc-io/vol-async)' });
    recs.push({ text: 'Since you use MPI-IO, consider non-blocking/asynchronous I/O operations', snippet: { lang: 'c', code: dir === 'read' ? 'MPI_Request req;\nMPI_File_iread_at(fh, off, buf, n, MPI_BYTE, &req);\n/* … compute … */\nMPI_Wait(&req, MPI_STATUS_IGNORE);' : 'MPI_Request req;\nMPI_File_iwrite_at(fh, off, buf, n, MPI_BYTE, &req);\n/* … compute … */\nMPI_Wait(&req, MPI_STATUS_IGNORE);' } });
    return [finding(code, 'WARN', `Application could benefit from non-blocking (asynchronous) ${dir}s`, ps, { operations: ops }, { recommendations: recs, details: [`${ops} MPI-IO ${dir} operations, none non-blocking`] })];
  },
});

/** P01–P06 from the counters, for profiles without a DXT trace (with one, the events give them). */
export const noDxt = (ctx: InsightsContext, scope: Scope): Profile[] => profilesIn(ctx, scope).filter((p) => !p.hasDxt);
const SMALL = (d: 'READ' | 'WRITE'): string[] => ['0_100', '100_1K', '1K_10K', '10K_100K', '100K_1M'].map((b) => `POSIX_SIZE_${d}_${b}`);

const countersIntensity = (code: string, kind: 'count' | 'size', dir: 'write' | 'read'): Rule => ({
  code, title: `${dir === 'write' ? 'Write' : 'Read'} ${kind === 'count' ? 'operation' : 'size'} intensive (Darshan counters, logs without DXT)`, target: 'developer',
  levels: 'INFO when |writes − reads| / all > imbalance_operations and the ' + dir + 's dominate',
  run(ctx, scope, t) {
    const ps = noDxt(ctx, scope);
    const r = total(ps, 'POSIX', [kind === 'count' ? 'POSIX_READS' : 'POSIX_BYTES_READ']);
    const w = total(ps, 'POSIX', [kind === 'count' ? 'POSIX_WRITES' : 'POSIX_BYTES_WRITTEN']);
    const all = r + w;
    if (!(all > 0) || Math.abs(w - r) / all <= t.imbalance_operations || (dir === 'write') !== (w > r)) return [];
    const message = kind === 'count' ? `Application is ${dir} operation intensive (${pct(w / all)} writes vs. ${pct(r / all)} reads)` : `Application is ${dir} size intensive (${pct(w / all)} write vs. ${pct(r / all)} read)`;
    return [finding(code, 'INFO', message, ps, kind === 'count' ? { reads: r, writes: w } : { bytes_read: r, bytes_written: w })];
  },
});

const countersSmall = (code: string, dir: 'read' | 'write'): Rule => ({
  code, title: `Many small ${dir} requests (Darshan counters, logs without DXT)`, target: 'developer',
  levels: 'HIGH when small requests > small_requests of all and > small_requests_absolute (small: Darshan\'s size buckets below 1 MiB)',
  run(ctx, scope, t) {
    const ps = noDxt(ctx, scope);
    const D = dir === 'read' ? 'READ' : 'WRITE';
    const n = total(ps, 'POSIX', [`POSIX_${D}S`]);
    const s = total(ps, 'POSIX', SMALL(D));
    if (!(s > 0 && s / n > t.small_requests && s > t.small_requests_absolute)) return [];
    const files = byFile(ps, 'POSIX', (tab, r) => SMALL(D).reduce((a, c) => a + get(tab, c, r), 0), t);
    return [finding(code, 'HIGH', `Application issues a high number (${s}) of small ${dir} requests (i.e., < 1 MB) which represents ${pct(s / n)} of all ${dir} requests`, ps,
      { small: s, requests: n, fraction: s / n, small_bytes: 1024 * 1024 },
      { files, details: files.map((f) => `${f.value} small ${dir} requests to "${f.name}"`), recommendations: dir === 'read' ? [BUFFER_READS, MPI_COLLECTIVE_READ] : [BUFFER_WRITES, MPI_COLLECTIVE_WRITE] })];
  },
});

export const DARSHAN_RULES: Rule[] = [
  S01, M01,
  collective('M02', 'M04', 'read'), collective('M03', 'M05', 'write'),
  blocking('M06', 'read'), blocking('M07', 'write'),
  countersIntensity('P01', 'count', 'write'), countersIntensity('P02', 'count', 'read'),
  countersIntensity('P03', 'size', 'write'), countersIntensity('P04', 'size', 'read'),
  countersSmall('P05', 'read'), countersSmall('P06', 'write'),
];
