import { caseFromFileName, emptyFileReport, EventLogBuilder, MAX_TIME, type EventLog } from '../../model';
import { badStartWarning } from './checks';
import { checkClaims, checkReadable, onlyThisFile } from './guard';
import { fileSize } from './load';
import { readNative, NATIVE_FORMAT } from './native';
import { decodeNumbers, decodeStrings, SLAB_ROWS, withSlab, type Field } from './raw';
import { checkTable, discover, stringAttr, type CaseTable, type Col } from './tables';
import { asH5Module, Hdf5FormatError, type H5Module, type H5Namespace } from './types';

/** Below this many seconds a float `start` is a time of day (strace -t/-tt), above it epoch seconds. */
export const CLOCK_LIMIT = 86400 * 2;

const FIXED_HINT =
  "it was written by pandas with format='fixed' (pickled Python objects), which cannot be read in a browser. " +
  "Re-save it as a table: for each key, pd.read_hdf(path, key).to_hdf(new_path, key=key, format='table')";

/**
 * Reads an HDF5 event log (native layout, pandas HDFStore format='table', h5py compound datasets or one
 * dataset per column) into an EventLog. `pathInFs` is a path in h5wasm's FS (a host path in Node, a
 * `mountFile` path in the worker); `displayName` names the file in messages and in the file report.
 * Throws `Hdf5FormatError` for anything unreadable.
 */
export interface Hdf5ReadOptions {
  /** Rows read per slab (default: up to 512 Ki rows / 32 MiB). Tests use tiny slabs to cross boundaries. */
  slabRows?: number;
}

export function readHdf5Log(h5In: H5Module | H5Namespace, pathInFs: string, displayName: string, opts?: Hdf5ReadOptions): EventLog {
  const h5 = asH5Module(h5In);
  const bytes = fileSize(h5, pathInFs, displayName);
  if (bytes === 0) throw new Hdf5FormatError(`${displayName}: the file is empty (0 bytes)`);
  return onlyThisFile(h5, pathInFs, displayName, () => readOpen(h5, pathInFs, displayName, bytes, opts));
}

function readOpen(h5: H5Module, pathInFs: string, displayName: string, bytes: number, opts?: Hdf5ReadOptions): EventLog {
  let file: InstanceType<H5Module['api']['File']>;
  try {
    file = new h5.api.File(pathInFs, 'r');
  } catch (e) {
    throw new Hdf5FormatError(`${displayName}: not a readable HDF5 file (truncated or corrupt): ${firstLine(e)}`);
  }
  if (file.file_id < 0n) throw new Hdf5FormatError(`${displayName}: not a readable HDF5 file (truncated or corrupt)`);
  try {
    if (stringAttr(h5, file.file_id, '/', 'format') === NATIVE_FORMAT) return readNative(h5, file.file_id, displayName, bytes, opts?.slabRows);
    return readForeign(h5, file.file_id, displayName, bytes, opts?.slabRows);
  } catch (e) {
    if (e instanceof Hdf5FormatError) throw e;
    if (e instanceof Error && /^Aborted\(/.test(e.message)) {
      throw new Hdf5FormatError(`${displayName}: the HDF5 library stopped on corrupt data in this file (${e.message})`);
    }
    throw new Hdf5FormatError(`${displayName}: cannot read the file (truncated or corrupt?): ${firstLine(e)}`);
  } finally {
    try {
      file.close();
    } catch {
      // a corrupt file may fail to close; nothing else to do
    }
  }
}

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const lines = msg.split('\n').map((l) => l.trim()).filter(Boolean);
  // HDF5 error stacks: the innermost "#00N: ... in FUNC(): what" line says the most
  const detail = lines.filter((l) => /^#\d+:/.test(l)).pop();
  // no paths of h5wasm's build machine in messages
  return (detail ?? lines[0] ?? 'unknown error').replace(/^#\d+:\s*\S+\s+line\s+\d+\s+in\s+/, '').replace(/\/__w\/\S*/g, '…');
}

function readForeign(h5: H5Module, fileId: bigint, displayName: string, bytes: number, slab?: number): EventLog {
  const found = discover(h5, fileId, displayName);
  if (!found.tables.length) {
    if (found.fixed.length) throw new Hdf5FormatError(`${displayName}: ${FIXED_HINT} (groups: ${found.fixed.slice(0, 3).join(', ')})`);
    const seen = found.seen.length ? ` (found: ${found.seen.join(', ')})` : ' (the file is empty)';
    throw new Hdf5FormatError(
      `${displayName}: no event tables: expected groups holding a table with columns call, start, fp (and pid, dur, size)${seen}`,
    );
  }
  for (const t of found.tables) checkTable(t, displayName);
  const used = [...new Map(found.tables.flatMap((t) => t.datasets).map((d) => [d.path, d])).values()];
  for (const d of used) checkReadable(d, displayName);
  checkClaims(used, bytes, displayName);
  const total = found.tables.reduce((s, t) => s + t.rows, 0);
  const b = new EventLogBuilder(total + 1);
  const report = emptyFileReport(displayName, 'hdf5', bytes);
  if (found.fixed.length) report.warnings.push(`skipped ${found.fixed.length} group(s) written with pandas format='fixed': ${found.fixed.slice(0, 3).join(', ')}`);
  if (found.links.length) {
    const more = found.links.length > 3 ? ` and ${found.links.length - 3} more` : '';
    report.warnings.push(`did not follow ${found.links.length} soft or external link(s): ${found.links.slice(0, 3).join(', ')}${more}`);
  }
  const fileIdx = b.addFile(report);
  let maxStart = -Infinity;
  let noDur = 0;
  for (const t of found.tables) {
    maxStart = Math.max(maxStart, readCase(h5, fileId, t, b, fileIdx, displayName, report.dropped, slab));
    if (!t.cols.dur) noDur++;
  }
  if (noDur) report.warnings.push(`${noDur} table(s) without a dur column: durations unknown`);
  if (report.dropped['bad-start']) report.warnings.push(badStartWarning(report.dropped['bad-start']));
  report.lines = total;
  report.events = b.n;
  return b.build(maxStart < CLOCK_LIMIT ? 'clock' : 'epoch');
}

/** Reads one case table into the builder, slab by slab (bounded memory); returns the largest start (s). */
function readCase(h5: H5Module, fileId: bigint, t: CaseTable, b: EventLogBuilder, fileIdx: number, displayName: string, dropped: Record<string, number>, slab?: number): number {
  const n = t.rows;
  const step = slab ?? Math.min(...t.datasets.map(slabRows));
  const len = Math.min(step, Math.max(n, 1));
  const num: Partial<Record<Col, Float64Array>> = {};
  const str: Partial<Record<Col, Uint32Array>> = {};
  for (const c of ['pid', 'start', 'dur', 'size', 'line'] as Col[]) if (t.cols[c]) num[c] = new Float64Array(len);
  for (const c of ['call', 'fp', 'errno'] as Col[]) if (t.cols[c]) str[c] = new Uint32Array(len);
  const interners: Partial<Record<Col, (s: string) => number>> = {
    call: (s) => b.internCall(s),
    fp: (s) => b.internPath(s),
    errno: (s) => b.internErrno(s),
  };
  const byDataset = t.datasets.map((d) => ({ d, mine: (Object.entries(t.cols) as [Col, Field][]).filter(([, f]) => f.ds === d.path) }));
  const fromName = caseFromFileName(`${t.id.replace(/^.*\//, '')}.st`);
  b.beginCase({ id: t.id, cid: t.attrs.cid ?? fromName.cid, host: t.attrs.host ?? fromName.host, rid: t.attrs.rid ?? fromName.rid, pid: null }, fileIdx);
  const scale = (t.cols.start as Field).cls === 'int' ? 1e-9 : 1;
  const start = num.start as Float64Array;
  const { pid, dur, size, line } = num;
  const call = str.call as Uint32Array;
  const fp = str.fp as Uint32Array;
  const errno = str.errno;
  let maxStart = -Infinity;
  let bad = 0;
  const maxTime = MAX_TIME; // a local for the row loop
  for (let r = 0; r < n; r += step) {
    const c = Math.min(step, n - r);
    for (const { d, mine } of byDataset) {
      withSlab(h5, fileId, d, r, c, displayName, (view, heap) => {
        for (const [col, f] of mine) {
          if (str[col]) decodeStrings(h5, view, heap, d.rowSize, f, c, interners[col] as (s: string) => number, str[col] as Uint32Array, 0);
          else decodeNumbers(view, d.rowSize, f, c, num[col] as Float64Array, 0);
        }
      });
    }
    for (let i = 0; i < c; i++) {
      const s = start[i] * scale;
      if (!(s <= maxTime && s >= -maxTime)) {
        bad++;
        continue;
      }
      if (s > maxStart) maxStart = s;
      const du = dur ? dur[i] : NaN;
      const z = size ? size[i] : NaN;
      b.push(pid ? pid[i] | 0 : 0, b.pairOf(call[i], fp[i]), errno ? errno[i] : 0, s, du >= 0 && du < Infinity ? du : NaN, z >= 0 && z < Infinity ? z : NaN, line ? line[i] >>> 0 : 0);
    }
  }
  if (bad) dropped['bad-start'] = (dropped['bad-start'] ?? 0) + bad;
  b.endCase();
  return maxStart;
}

/** Rows per slab: at most SLAB_ROWS and about 32 MiB of raw rows in the wasm heap. */
function slabRows(d: { rowSize: number }): number {
  return Math.max(1024, Math.min(SLAB_ROWS, Math.floor((32 << 20) / Math.max(1, d.rowSize))));
}
