/**
 * A whole Darshan log → its job record, counter tables, heatmaps and DXT records (docs/FORMATS.md
 * "Darshan logs"). A module this reader does not know, or cannot read, is named in one line and the rest
 * loads; a region that does not decompress makes that module unreadable, not the log.
 */
import type { CounterTable, Heatmap, ProfileModule } from '../../model/profile';
import { FileFormatError } from '../source';
import { readHeader, type DarshanHeader, type ModuleEntry } from './header';
import { decompress } from './inflate';
import { readJob, readNames, type JobRecord } from './job';
import { COUNTER_MODULES } from './layouts';
import { readCounters, readHeatmaps, readLustre, scanDxt, type DxtRecord, type RegionCtx } from './records';

export interface DarshanData {
  header: DarshanHeader;
  job: JobRecord;
  tables: CounterTable[];
  heatmaps: Heatmap[];
  /** The DXT records and the decompressed region each one's segments lie in. */
  dxt: { records: DxtRecord[]; bytes: Uint8Array; version: number }[];
  modules: ProfileModule[];
  warnings: string[];
}

/** Modules that carry nothing this tool reads (their records are kept out with one line each). */
const NOT_READ: Readonly<Record<string, string>> = {
  NULL: 'a test module',
  'BG/Q': 'Blue Gene/Q machine data',
  MDHIM: 'MDHIM key-value store counters',
  APXC: 'Cray XC network counters (AutoPerf)',
  APMPI: 'MPI call counters (AutoPerf)',
  DFS: 'DAOS file system counters',
  DAOS: 'DAOS object counters',
};

export function readDarshan(name: string, file: Uint8Array): DarshanData {
  const header = readHeader(name, file, file.length);
  const region = (off: number, len: number, what: string, hint?: number): Uint8Array => decompress(header.compression, file.subarray(off, off + len), `${name}: ${what}`, hint);
  const job = readJob(region(header.job.off, header.job.len, 'job record', 4096), header.minor, header.littleEndian, name);
  const names = header.names.len > 0 ? readNames(region(header.names.off, header.names.len, 'name records'), header.minor, header.littleEndian) : new Map<string, string>();
  const warnings: string[] = [];
  let unnamed = 0;
  const ctx: RegionCtx = {
    le: header.littleEndian,
    names,
    unnamed: (key) => {
      unnamed++;
      return `<record ${key.replace(':', '')}>`;
    },
  };
  const out: DarshanData = { header, job, tables: [], heatmaps: [], dxt: [], modules: [], warnings };
  for (const m of header.modules) out.modules.push(readModule(name, m, region, ctx, out));
  if (unnamed) warnings.push(`${unnamed} record(s) have no name record: shown as <record ID>`);
  for (const m of out.modules) {
    if (m.partial) warnings.push(`module ${m.name}: partial data — Darshan ran out of memory for it while the job ran, so some of its records are missing`);
    if (!m.read) warnings.push(`module ${m.name}: not read (${m.note})`);
  }
  return out;
}

type RegionReader = (off: number, len: number, what: string, hint?: number) => Uint8Array;

function readModule(name: string, m: ModuleEntry, region: RegionReader, ctx: RegionCtx, out: DarshanData): ProfileModule {
  const base = { name: m.name, version: m.version, bytes: m.region.len, partial: m.partial };
  const skip = (note: string): ProfileModule => ({ ...base, read: false, note });
  const known = NOT_READ[m.name];
  if (known) return skip(`${known}: strace-dfg does not use it`);
  const isCounters = m.name in COUNTER_MODULES || m.name === 'LUSTRE';
  const isDxt = m.name === 'DXT_POSIX' || m.name === 'DXT_MPIIO';
  if (!isCounters && !isDxt && m.name !== 'HEATMAP') return skip('a module this reader does not know');
  let bytes: Uint8Array;
  try {
    bytes = region(m.region.off, m.region.len, `module ${m.name}`);
  } catch (e) {
    if (e instanceof FileFormatError) return skip(e.message.replace(`${name}: `, ''));
    throw e;
  }
  let trailing: number;
  let note: string | null = null;
  if (m.name === 'HEATMAP') {
    if (m.version !== 1) return skip(`version ${m.version} of the heatmap records is not one this reader knows (1)`);
    const r = readHeatmaps(bytes, ctx);
    out.heatmaps.push(...r.heatmaps);
    trailing = r.trailing;
  } else if (isDxt) {
    const layer = m.name === 'DXT_POSIX' ? 'POSIX' : 'MPIIO';
    const newest = layer === 'POSIX' ? 2 : 3;
    if (m.version < 1 || m.version > newest) return skip(`version ${m.version} of the ${m.name} records is newer than this reader knows (${newest})`);
    const r = scanDxt(layer, m.version, bytes, ctx);
    out.dxt.push({ records: r.records, bytes, version: m.version });
    trailing = r.trailing;
  } else {
    const r = m.name === 'LUSTRE' ? readLustre(m.version, bytes, ctx, m.partial) : readCounters(m.name, m.version, bytes, ctx, m.partial);
    if (!r) return skip(`version ${m.version} of the ${m.name} records is not one this reader knows`);
    out.tables.push(r.table);
    trailing = r.trailing;
    if ('skipped' in r && r.skipped) note = `${r.skipped} record(s) with STDIO counters inside POSIX ones (module version 1) left out, as Darshan does`;
  }
  if (trailing > 0) {
    const cut = `the last ${trailing} bytes make no whole record${m.partial ? '' : ' (truncated log?)'}`;
    note = note ? `${note}; ${cut}` : cut;
    if (!m.partial) out.warnings.push(`module ${m.name}: ${cut}`);
  }
  return { ...base, read: true, note };
}
