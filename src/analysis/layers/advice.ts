/**
 * Layer-aware advice for the insights (docs/METHOD.md "Insights", "Layers"): the hook runInsights calls once
 * with its findings. For a finding about small requests (LAYER_ADVICE: P05 small reads, P06 small writes),
 * it says which layers and call sites issued them (a detail line) and puts the advice of the layer that issued
 * most of them first: stdio → the FILE's buffer, HDF5 → chunks and alignment, the program itself → aggregate
 * the writes, MPI-IO → collective buffering, C++ streams → the filebuf's buffer, Python → `buffering=`; the call
 * site named. The rules stay the insights'; this only adds to what they found.
 */
import type { EventLog } from '../../model';
import { callClass, C_READ, C_WRITE } from '../insights/calls';
import type { Finding, Recommendation } from '../insights/types';
import { layerInfo } from './classify';

/** The findings that get layer advice: code → the call class and whether only small requests count. */
export const LAYER_ADVICE: Readonly<Record<string, { dir: 'read' | 'write' }>> = { P05: { dir: 'read' }, P06: { dir: 'write' } };

type Advice = (dir: 'read' | 'write', site: string, entry: string) => Recommendation;
const at = (site: string): string => (site ? ` (at ${site})` : '');

/** The advice per layer: what to change where the small requests come from. */
const ADVICE: Record<string, Advice> = {
  stdio: (dir, site, entry) => ({
    text: `Most small ${dir}s come from stdio's buffer${at(site)}, through ${entry || 'stdio'}: give the FILE a larger buffer (setvbuf before its first ${dir}), or ${dir === 'write' ? 'fflush' : 'seek'} less often`,
    snippet: { lang: 'c', code: `FILE *f = fopen(path, "${dir === 'write' ? 'w' : 'r'}");\nsetvbuf(f, NULL, _IOFBF, 4 << 20);   /* 4 MiB instead of st_blksize */` },
  }),
  hdf5: (dir, site, entry) => ({
    text: `Most small ${dir}s come from HDF5${at(site)}, through ${entry || 'HDF5'}: make the chunks larger (a chunk is one ${dir}), align the objects to the file system's blocks, gather the metadata, enlarge the chunk cache`,
    snippet: { lang: 'c', code: 'H5Pset_chunk(dcpl, rank, chunk_dims);            /* chunks of MiBs, not KiBs */\nH5Pset_alignment(fapl, 1 << 20, 4 << 20);        /* objects >= 1 MiB at 4 MiB */\nH5Pset_meta_block_size(fapl, 4 << 20);\nH5Pset_chunk_cache(dapl, 521, 64 << 20, 0.75);' },
  }),
  netcdf: (dir, site, entry) => ({
    text: `Most small ${dir}s come from NetCDF${at(site)}, through ${entry || 'NetCDF'}: larger chunks, and collective access in parallel`,
    snippet: { lang: 'c', code: 'nc_def_var_chunking(ncid, varid, NC_CHUNKED, chunks); /* MiB-sized chunks */\nnc_var_par_access(ncid, varid, NC_COLLECTIVE);' },
  }),
  mpiio: (dir, site, entry) => ({
    text: `Most small ${dir}s come from MPI-IO${at(site)}, through ${entry || 'MPI-IO'}: use the collective calls and let the aggregators gather larger requests (collective buffering hints)`,
    snippet: { lang: 'c', code: 'MPI_Info_set(info, "romio_cb_write", "enable");\nMPI_Info_set(info, "cb_buffer_size", "16777216");\nMPI_File_open(comm, path, amode, info, &fh);\nMPI_File_write_at_all(fh, off, buf, n, MPI_BYTE, MPI_STATUS_IGNORE);' },
  }),
  'c++': (dir, site) => ({
    text: `Most small ${dir}s come from a C++ stream's buffer${at(site)}: give the filebuf a larger buffer before opening`,
    snippet: { lang: 'c', code: 'static char buf[4 << 20];\nstd::ofstream out;\nout.rdbuf()->pubsetbuf(buf, sizeof buf);   /* before open() */\nout.open(path);' },
  }),
  python: (dir, site) => ({
    text: `Most small ${dir}s come from Python's file objects${at(site)}: open with a larger buffer (a text file opened with buffering=1 ${dir}s every line)`,
    snippet: { lang: 'python', code: `f = open(path, "${dir === 'write' ? 'wb' : 'rb'}", buffering=4 << 20)` },
  }),
  app: (dir, site) => ({
    text: `Most small ${dir}s are the program's own ${dir}(2) calls${at(site)}: aggregate them — collect the data in memory and ${dir} large blocks`,
    snippet: { lang: 'c', code: dir === 'write' ? '/* append to a buffer, write when it is full */\nif (used + len > cap) { write(fd, buf, used); used = 0; }\nmemcpy(buf + used, rec, len); used += len;' : '/* read a large block, take the records from memory */\nn = read(fd, buf, 4 << 20);' },
  }),
};

/**
 * Adds, to each finding about small requests, the layers and call sites that issued them and the advice of
 * the layer that issued most first. `small`: the threshold in bytes (a request below it is small). Nothing
 * when the log has no stacks or layers.
 */
export function addLayerAdvice(findings: Finding[], log: EventLog, small: number, rules?: readonly string[]): void {
  const todo = findings.filter((f) => LAYER_ADVICE[f.code] && f.level !== 'OK');
  if (!todo.length) return;
  const info = layerInfo(log, rules);
  if (!info) return;
  const cls = log.calls.map(callClass);
  for (const f of todo) {
    const want = LAYER_ADVICE[f.code].dir === 'read' ? C_READ : C_WRITE;
    const files = new Set(f.files.map((x) => x.name));
    const fpOk = log.paths.map((p) => files.size === 0 || files.has(p));
    const byLayer = new Map<number, number>();
    const bySite = new Map<number, number>();
    let n = 0;
    for (let i = 0; i < log.n; i++) {
      const p = log.pair[i];
      const z = log.size[i];
      if (cls[log.pairCall[p]] !== want || !fpOk[log.pairFp[p]] || !(z < small) || log.errno[i] !== 0) continue;
      const s = log.stack ? log.stack[i] : 0;
      const l = s !== 0 && info.ofStack ? info.ofStack[s] : log.layer && info.ofColumn ? info.ofColumn[log.layer[i]] : info.unknown;
      byLayer.set(l, (byLayer.get(l) ?? 0) + 1);
      if (s !== 0) bySite.set(s, (bySite.get(s) ?? 0) + 1);
      n++;
    }
    if (n === 0) continue;
    const layers = [...byLayer].sort((a, b) => b[1] - a[1]);
    const top = layers[0][0];
    // the top layer's busiest stack names its call site and entry
    let best = -1;
    for (const [s, c] of bySite) if (info.ofStack![s] === top && (best < 0 || c > bySite.get(best)!)) best = s;
    const site = best >= 0 ? info.site[best] : '';
    const entry = best >= 0 ? info.entry[best] : '';
    const sites = new Map<string, number>();
    for (const [s, c] of bySite) if (info.site[s]) sites.set(info.site[s], (sites.get(info.site[s]) ?? 0) + c);
    const topSites = [...sites].sort((a, b) => b[1] - a[1]).slice(0, 3);
    f.details.push(`by layer: ${layers.map(([l, c]) => `${info.names[l]} ${c}`).join(', ')}${topSites.length ? `; call sites: ${topSites.map(([s, c]) => `${s} ${c}`).join(', ')}` : ''}`);
    f.numbers[`small_from_${info.names[top].replace(/[^A-Za-z0-9]/g, '_')}`] = layers[0][1];
    const advice = ADVICE[info.names[top]];
    if (advice) f.recommendations.unshift(advice(LAYER_ADVICE[f.code].dir, site, entry));
  }
}
