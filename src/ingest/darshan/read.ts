/**
 * A whole Darshan log → its job record, counter tables, heatmaps and DXT records (docs/FORMATS.md
 * "Darshan logs"). A module this reader does not know, or cannot read, is named in one line and the rest
 * loads; a region that does not decompress makes that module unreadable, not the log.
 */
import type { CounterTable, Heatmap, ProfileModule } from '../../model/profile';
import { FileFormatError } from '../source';
import { readHeader, type DarshanHeader, type ModuleEntry } from './header';
import { concat, decompress, decompressStreams, decompressStreamsFast } from './inflate';
import { readJob, readNames, type JobRecord } from './job';
import { COUNTER_MODULES } from './layouts';
import { readCounters, readHeatmaps, readLustre, scanDxt, type DxtRecord, type RegionCtx } from './records';

export interface DarshanData {
  header: DarshanHeader;
  job: JobRecord;
  tables: CounterTable[];
  heatmaps: Heatmap[];
  /** The DXT records and the decompressed bytes each one's segments lie in (a part of a region: one zlib stream). */
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

/** The decompressed streams of regions inflated beforehand, by the region's offset in the file. */
type Inflated = ReadonlyMap<number, Uint8Array[]>;

const isDxt = (m: ModuleEntry): boolean => m.name === 'DXT_POSIX' || m.name === 'DXT_MPIIO';

/** readDarshan with the DXT regions (nearly all of a large log) inflated by the runtime's native inflater where it has one. */
export async function readDarshanFast(name: string, file: Uint8Array): Promise<DarshanData> {
  const header = readHeader(name, file, file.length);
  const inflated = new Map<number, Uint8Array[]>();
  for (const m of header.modules) {
    if (!isDxt(m)) continue;
    try {
      inflated.set(m.region.off, await decompressStreamsFast(header.compression, file.subarray(m.region.off, m.region.off + m.region.len), `${name}: module ${m.name}`));
    } catch (e) {
      if (!(e instanceof FileFormatError)) throw e; // readDarshan inflates it again and names the module
    }
  }
  return readDarshan(name, file, inflated);
}

export function readDarshan(name: string, file: Uint8Array, inflated: Inflated = new Map()): DarshanData {
  const header = readHeader(name, file, file.length);
  const region = (off: number, len: number, what: string, hint?: number): Uint8Array => decompress(header.compression, file.subarray(off, off + len), `${name}: ${what}`, hint);
  const streams = (off: number, len: number, what: string): Uint8Array[] => inflated.get(off) ?? decompressStreams(header.compression, file.subarray(off, off + len), `${name}: ${what}`);
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
  for (const m of header.modules) out.modules.push(readModule(name, m, { region, streams }, ctx, out));
  if (unnamed) warnings.push(`${unnamed} record(s) have no name record: shown as <record ID>`);
  for (const m of out.modules) {
    if (m.partial) warnings.push(`module ${m.name}: partial data — Darshan ran out of memory for it while the job ran, so some of its records are missing`);
    if (!m.read) warnings.push(`module ${m.name}: not read (${m.note})`);
  }
  return out;
}

interface RegionReader {
  region(off: number, len: number, what: string, hint?: number): Uint8Array;
  /** The region's zlib streams, each decompressed apart. */
  streams(off: number, len: number, what: string): Uint8Array[];
}

function readModule(name: string, m: ModuleEntry, rr: RegionReader, ctx: RegionCtx, out: DarshanData): ProfileModule {
  const base = { name: m.name, version: m.version, bytes: m.region.len, partial: m.partial };
  const skip = (note: string): ProfileModule => ({ ...base, read: false, note });
  const known = NOT_READ[m.name];
  if (known) return skip(`${known}: strace-dfg does not use it`);
  const isCounters = m.name in COUNTER_MODULES || m.name === 'LUSTRE';
  const dxt = isDxt(m);
  if (!isCounters && !dxt && m.name !== 'HEATMAP') return skip('a module this reader does not know');
  let parts: Uint8Array[];
  try {
    parts = dxt ? rr.streams(m.region.off, m.region.len, `module ${m.name}`) : [rr.region(m.region.off, m.region.len, `module ${m.name}`)];
  } catch (e) {
    if (e instanceof FileFormatError) return skip(e.message.replace(`${name}: `, ''));
    throw e;
  }
  let trailing: number;
  let note: string | null = null;
  const bytes = dxt ? new Uint8Array(0) : parts[0];
  if (m.name === 'HEATMAP') {
    if (m.version !== 1) return skip(`version ${m.version} of the heatmap records is not one this reader knows (1)`);
    const r = readHeatmaps(bytes, ctx);
    out.heatmaps.push(...r.heatmaps);
    trailing = r.trailing;
  } else if (dxt) {
    const layer = m.name === 'DXT_POSIX' ? 'POSIX' : 'MPIIO';
    const newest = layer === 'POSIX' ? 2 : 3;
    if (m.version < 1 || m.version > newest) return skip(`version ${m.version} of the ${m.name} records is newer than this reader knows (${newest})`);
    trailing = 0;
    // each process's part is its own stream of whole records; bytes left at a stream's end (a record cut
    // between streams) are read with the next stream's
    let carry: Uint8Array | null = null;
    const had = out.dxt.length;
    for (const p of parts) {
      const b: Uint8Array = carry ? concat([carry, p]) : p;
      const r = scanDxt(layer, m.version, b, ctx);
      if (r.records.length) out.dxt.push({ records: r.records, bytes: b, version: m.version });
      trailing = r.trailing;
      carry = r.trailing ? b.subarray(b.length - r.trailing) : null;
    }
    if (out.dxt.length === had) out.dxt.push({ records: [], bytes: new Uint8Array(0), version: m.version });
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
