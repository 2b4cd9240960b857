/**
 * Defences of the HDF5 reader against hostile or broken files (docs/FORMATS.md, "What the HDF5 reader
 * refuses"): only the given file is ever opened (no external links, external raw storage or virtual
 * datasets reading other files), compression filters this build lacks are named, and the sizes a file
 * claims are checked against its size before anything is allocated.
 */
import type { DatasetInfo } from './raw';
import { Hdf5FormatError, type H5Module } from './types';

/** Filters built into h5wasm's HDF5: deflate, shuffle, fletcher32, szip, nbit, scaleoffset. */
const BUILT_IN_FILTERS = new Set([1, 2, 3, 4, 5, 6]);

/** Registered HDF5 filter ids (https://github.com/HDFGroup/hdf5_plugins/blob/master/docs/RegisteredFilterPlugins.md). */
const FILTER_NAMES = new Map<number, string>([
  [305, 'LZO'],
  [307, 'BZIP2'],
  [32000, 'LZF'],
  [32001, 'Blosc'],
  [32004, 'LZ4'],
  [32008, 'bitshuffle'],
  [32013, 'ZFP'],
  [32015, 'Zstandard'],
  [32026, 'Blosc2'],
]);

/**
 * The largest ratio between the bytes a filtered (compressed) dataset holds and the bytes it takes in the
 * file that is accepted: deflate cannot exceed ~1032:1. An unfiltered dataset must be stored whole.
 */
export const MAX_COMPRESSION = 1100;

/** Throws if reading `info` would need a filter this build lacks, or another file. */
export function checkReadable(info: DatasetInfo, displayName: string): void {
  for (const f of info.filters) {
    if (BUILT_IN_FILTERS.has(f.id)) continue;
    const name = FILTER_NAMES.get(f.id) ?? (f.name || 'unknown');
    throw new Hdf5FormatError(
      `${displayName}: ${info.path} is compressed with the ${name} filter (HDF5 filter ${f.id}), which strace-dfg cannot decompress ` +
        '(it has deflate/gzip, shuffle, fletcher32, szip, nbit and scaleoffset). Re-save the file without it, e.g. `h5repack -f NONE in.h5 out.h5`',
    );
  }
  const other = info.virtualSources.find((s) => s !== '.');
  if (other !== undefined) {
    throw new Hdf5FormatError(`${displayName}: ${info.path} is a virtual dataset whose data is in another file (${other}); strace-dfg reads only the file it is given`);
  }
}

function human(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let u = 0;
  while (bytes >= 1000 && u < units.length - 1) {
    bytes /= 1000;
    u++;
  }
  return `${bytes < 10 && u > 0 ? bytes.toFixed(1) : Math.round(bytes)} ${units[u]}`;
}

/**
 * Checks that the rows `datasets` claim can be stored in a file of `fileBytes` bytes (each dataset, and all
 * of them together), so a small file claiming 10⁹ rows (a dataset whose storage was never written reads as
 * fill values) is refused before any allocation.
 */
export function checkClaims(datasets: readonly DatasetInfo[], fileBytes: number, displayName: string): void {
  let total = 0;
  for (const d of datasets) {
    const claimed = d.rows * Math.max(1, d.rowSize);
    const limit = fileBytes * (d.filters.length ? MAX_COMPRESSION : 1);
    if (!(claimed <= limit)) {
      throw new Hdf5FormatError(
        `${displayName}: ${d.path} claims ${d.rows.toLocaleString('en-US')} rows (${human(claimed)}) but the whole file has ${human(fileBytes)}: the file is corrupt or crafted`,
      );
    }
    total += claimed / (d.filters.length ? MAX_COMPRESSION : 1);
  }
  if (total > fileBytes) {
    throw new Hdf5FormatError(`${displayName}: its datasets claim more data than a file of ${human(fileBytes)} can hold: the file is corrupt or crafted`);
  }
}

/** An attribute larger than this is treated as absent (no attribute the reader uses is near it). */
export const MAX_ATTRIBUTE_BYTES = 1 << 20;

interface OpenFS {
  open: (path: unknown, ...rest: unknown[]) => unknown;
  ErrnoError: new (errno: number) => Error;
}

/** Emscripten's errno for EACCES and its open flags O_DIRECTORY, O_CREAT | O_EXCL. */
const EACCES = 2;
const O_DIRECTORY = 0o200000;
const O_CREAT_EXCL = 0o100 | 0o200;

const norm = (p: string): string => p.replace(/\/(\.\/)+/g, '/').replace(/\/{2,}/g, '/');

/**
 * Runs `fn` (which opens and reads `pathInFs`) with h5wasm's file system refusing to open any other file:
 * HDF5 external links, external raw-data files and virtual-dataset sources fail instead of reading other
 * files of the host (the CLI's file system is the host's). A refused open becomes a clear error.
 */
export function onlyThisFile<T>(h5: H5Module, pathInFs: string, displayName: string, fn: () => T): T {
  const FS = h5.Module.FS as unknown as OpenFS;
  const open = FS.open;
  const allowed = norm(pathInFs);
  let refused: string | null = null;
  FS.open = function guardedOpen(this: unknown, path: unknown, flags: unknown, ...rest: unknown[]): unknown {
    const f = typeof flags === 'number' ? flags : 0;
    // allowed: this file, and a new file created exclusively (h5wasm's error handler collects HDF5's
    // messages through tmpfile()): creating a file reads nothing of the host
    if (typeof path === 'string' && norm(path) !== allowed && (f & O_CREAT_EXCL) !== O_CREAT_EXCL) {
      // HDF5 also lists its plugin directory when a file does not open: refused, but not what went wrong
      if (!(f & O_DIRECTORY)) refused ??= path;
      throw new FS.ErrnoError(EACCES);
    }
    return open.call(this, path, flags, ...rest);
  };
  try {
    return fn();
  } catch (e) {
    if (refused !== null && !(e instanceof Hdf5FormatError && e.message.includes(' another file '))) {
      throw new Hdf5FormatError(
        `${displayName}: refers to another file (${refused}) through an HDF5 external link, external storage or a virtual dataset; strace-dfg reads only the file it is given`,
      );
    }
    throw e;
  } finally {
    FS.open = open;
  }
}
