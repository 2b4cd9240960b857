/**
 * The uncompressed header of a Darshan log (docs/FORMATS.md "Darshan logs"): version string, magic
 * number (which also gives the byte order), compression, partial-data flags, and the map of the
 * compressed regions (name records, one region per module). Two layouts: 16 modules before log format
 * 3.41, 64 from 3.41 on; module indices moved twice (H5D inserted at 3.20, PNETCDF_VAR at 3.41), so an
 * older log's region i is renamed to today's module before anything else reads it.
 */
import { FileFormatError } from '../source';
import { text } from './text';

export const DARSHAN_MAGIC = 6567223;

/** Today's module ids (Darshan's module enum from log format 3.41 on), by index. */
export const MODULES = [
  'NULL', 'POSIX', 'MPI-IO', 'H5F', 'H5D', 'PNETCDF_FILE', 'PNETCDF_VAR', 'BG/Q', 'LUSTRE', 'STDIO',
  'DXT_POSIX', 'DXT_MPIIO', 'MDHIM', 'APXC', 'APMPI', 'HEATMAP', 'DFS', 'DAOS',
] as const;
export type ModuleName = (typeof MODULES)[number];

/** Log format versions whose layout is known (Darshan 3.0.0 … 3.5.x write these). */
const KNOWN_VERSIONS = new Set(['3.00', '3.10', '3.20', '3.21', '3.41']);

export type Compression = 'zlib' | 'bzip2' | 'none';

export interface Region {
  off: number;
  len: number;
}

export interface ModuleEntry {
  /** Index in today's module list (MODULES), or the raw index for an id beyond it. */
  id: number;
  name: string;
  version: number;
  region: Region;
  partial: boolean;
}

export interface DarshanHeader {
  version: string;
  minor: number;
  littleEndian: boolean;
  compression: Compression;
  /** Where the job record starts (right after the header) and the region it fills. */
  job: Region;
  names: Region;
  /** The modules with data (len > 0), in today's index order. */
  modules: ModuleEntry[];
}

/** Bytes of the header: the 3.41 layout (64 modules) and the older one (16). */
export const HEADER_BYTES_341 = 8 + 8 + 8 + 8 + 16 + 64 * 16 + 64 * 4;
export const HEADER_BYTES_300 = 8 + 8 + 4 + 4 + 16 + 16 * 16 + 16 * 4;

/** Whether a head starts like a Darshan log: a `3.NN` version string and the magic number (either order). */
export function isDarshan(head: Uint8Array): boolean {
  if (head.length < 16) return false;
  if (head[0] !== 0x33 || head[1] !== 0x2e) return false; // "3."
  const dv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return magicOrder(dv) !== null;
}

function magicOrder(dv: DataView): boolean | null {
  const lo = dv.getUint32(8, true);
  const hi = dv.getUint32(12, true);
  if (lo === DARSHAN_MAGIC && hi === 0) return true;
  if (dv.getUint32(12, false) === DARSHAN_MAGIC && dv.getUint32(8, false) === 0) return false;
  return null;
}

/** Reads an unsigned 64-bit integer as a number (exact below 2^53). */
export function u64(dv: DataView, at: number, le: boolean): number {
  const a = dv.getUint32(at, le);
  const b = dv.getUint32(at + 4, le);
  return le ? b * 4294967296 + a : a * 4294967296 + b;
}

/** Reads a signed 64-bit integer as a number (exact within ±2^53). */
export function i64(dv: DataView, at: number, le: boolean): number {
  const lo = le ? dv.getUint32(at, true) : dv.getUint32(at + 4, false);
  const hi = le ? dv.getInt32(at + 4, true) : dv.getInt32(at, false);
  return hi * 4294967296 + lo;
}

/** Today's module index of region `i` of a log of format 3.`minor` (older logs lack H5D and PNETCDF_VAR). */
export function currentIndex(i: number, minor: number): number {
  let j = i;
  if (minor < 20 && j >= 4) j += 1; // H5D (index 4) arrived with 3.20
  if (minor < 41 && j >= 6) j += 1; // PNETCDF_VAR (index 6) arrived with 3.41
  return j;
}

export function readHeader(name: string, bytes: Uint8Array, fileSize: number): DarshanHeader {
  const bad = (why: string): never => {
    throw new FileFormatError(`${name}: not a readable Darshan log (${why})`);
  };
  if (bytes.length < HEADER_BYTES_300) bad('truncated header');
  let end = bytes.indexOf(0);
  if (end < 0 || end > 8) end = 8;
  const version = text(bytes.subarray(0, end));
  const m = /^3\.(\d\d)$/.exec(version);
  if (!m) bad(`version string '${version}'`);
  if (!KNOWN_VERSIONS.has(version)) {
    throw new FileFormatError(`${name}: Darshan log format ${version} is not one this reader knows (3.00, 3.10, 3.20, 3.21, 3.41); it may come from a newer Darshan`);
  }
  const minor = Number(m![1]);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = magicOrder(dv);
  if (le === null) bad('bad magic number');
  const comp = bytes[16];
  const compression: Compression = comp === 0 ? 'zlib' : comp === 1 ? 'bzip2' : comp === 2 ? 'none' : bad(`unknown compression type ${comp}`);
  const wide = minor >= 41;
  if (wide && bytes.length < HEADER_BYTES_341) bad('truncated header');
  const nMods = wide ? 64 : 16;
  const partialLo = wide ? dv.getUint32(le ? 24 : 28, le!) : dv.getUint32(20, le!);
  const partialHi = wide ? dv.getUint32(le ? 28 : 24, le!) : 0;
  const namesAt = wide ? 32 : 24;
  const mapAt = namesAt + 16;
  const verAt = mapAt + nMods * 16;
  const headerBytes = wide ? HEADER_BYTES_341 : HEADER_BYTES_300;
  const region = (at: number): Region => ({ off: u64(dv, at, le!), len: u64(dv, at + 8, le!) });
  const names = region(namesAt);
  const modules: ModuleEntry[] = [];
  let firstOff = 0;
  for (let i = 0; i < nMods; i++) {
    const r = region(mapAt + i * 16);
    if (r.off > 0 && (firstOff === 0 || r.off < firstOff)) firstOff = r.off;
    if (r.len === 0) continue;
    if (r.off + r.len > fileSize) bad(`region of module #${i} beyond the end of the file`);
    const id = currentIndex(i, minor);
    const partial = i < 32 ? ((partialLo >>> i) & 1) === 1 : ((partialHi >>> (i - 32)) & 1) === 1;
    modules.push({ id, name: MODULES[id] ?? `module #${id}`, version: dv.getUint32(verAt + i * 4, le!), region: r, partial });
  }
  if (names.off + names.len > fileSize) bad('name records beyond the end of the file');
  const jobEnd = names.off > 0 ? names.off : firstOff > 0 ? firstOff : fileSize;
  if (jobEnd <= headerBytes) bad('no job record');
  return { version, minor, littleEndian: le!, compression, job: { off: headerBytes, len: jobEnd - headerBytes }, names, modules };
}
