/**
 * The native HDF5 event log (docs/FORMATS.md, "HDF5 event logs"): the EventLog's own columns, string
 * tables, pair table, case index and file reports, so loading is a handful of contiguous reads.
 */
import type { CaseInfo, EventLog, FileReport, TimeBase } from '../../model';
import { checkDistinct, checkNativeEvents, parseReport } from './checks';
import { checkClaims, checkReadable, MAX_ATTRIBUTE_BYTES } from './guard';
import { removeFile, tempPath } from './load';
import { datasetInfo, readStringList, readTyped, SLAB_ROWS } from './raw';
import { readProfiles, writeProfiles } from './nativeProfiles';
import { readStacks, writeStacks } from './nativeStacks';
import { asH5Module, Hdf5FormatError, type H5Module, type H5Namespace } from './types';

export const NATIVE_FORMAT = 'strace-dfg-eventlog';
export const NATIVE_VERSION = 1;
/** Columns longer than this are written in chunks (bounded wasm heap); shorter ones contiguously. */
const WRITE_SLAB = 1 << 22;

type Col = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float32Array | Float64Array;
const DTYPE = new Map<string, string>([
  ['Int32Array', '<i'],
  ['Uint32Array', '<I'],
  ['Uint16Array', '<H'],
  ['Uint8Array', '<B'],
  ['Float32Array', '<f'],
  ['Float64Array', '<d'],
]);

type Group = ReturnType<InstanceType<H5Module['api']['File']>['create_group']>;

export interface NativeWriteOptions {
  /** Columns longer than this many values are written chunked, slab by slab (default 4 Mi). */
  slab?: number;
}

function writeColumn(g: Group, name: string, data: Col, slab = WRITE_SLAB): void {
  const dtype = DTYPE.get(data.constructor.name) as string;
  if (data.length <= slab) {
    g.create_dataset({ name, data, dtype });
    return;
  }
  const ds = g.create_dataset({ name, data: data.subarray(0, slab), dtype, maxshape: [null], chunks: [Math.min(slab, SLAB_ROWS)] });
  ds.resize([data.length]);
  for (let a = slab; a < data.length; a += slab) {
    const b = Math.min(data.length, a + slab);
    ds.write_slice([[a, b]], data.subarray(a, b));
  }
}

function writeStrings(g: Group, name: string, list: readonly string[]): void {
  g.create_dataset({ name, data: list.slice(), shape: [list.length], dtype: 'S' });
}

/** Writes `log` as a native event log at `pathInFs` (created or truncated). */
export function writeNativeHdf5(h5In: H5Module | H5Namespace, log: EventLog, pathInFs: string, opts?: NativeWriteOptions): void {
  const h5 = asH5Module(h5In);
  const slab = opts?.slab ?? WRITE_SLAB;
  const f = new h5.api.File(pathInFs, 'w');
  try {
    f.create_attribute('format', NATIVE_FORMAT);
    f.create_attribute('version', NATIVE_VERSION, null, '<i');
    f.create_attribute('timeBase', log.timeBase);
    f.create_attribute('events', log.n, null, '<d');
    f.create_attribute('writer', 'strace-dfg');
    const ev = f.create_group('events');
    writeColumn(ev, 'pid', log.pid, slab);
    writeColumn(ev, 'pair', log.pair, slab);
    writeColumn(ev, 'errno', log.errno, slab);
    writeColumn(ev, 'start', log.start, slab);
    writeColumn(ev, 'dur', log.dur, slab);
    writeColumn(ev, 'size', log.size, slab);
    writeColumn(ev, 'line', log.line, slab);
    writeColumn(ev, 'offset', log.offset, slab);
    // optional: the I/O layer of each event (OTF2 paradigms, Darshan DXT modules) and the layers' names
    if (log.layer) writeColumn(ev, 'layer', log.layer, slab);
    // optional: the event of the layer above each one serves (its line in the case; OTF2's handle links)
    if (log.parent) writeColumn(ev, 'parent', log.parent, slab);
    const st = f.create_group('strings');
    writeStrings(st, 'calls', log.calls);
    writeStrings(st, 'paths', log.paths);
    writeStrings(st, 'errnos', log.errnos);
    if (log.layer) writeStrings(st, 'layers', log.layerNames ?? []);
    const pr = f.create_group('pairs');
    writeColumn(pr, 'call', log.pairCall);
    writeColumn(pr, 'fp', log.pairFp);
    const cs = f.create_group('cases');
    const cases = log.cases;
    writeStrings(cs, 'id', cases.map((c) => c.id));
    writeStrings(cs, 'cid', cases.map((c) => c.cid));
    writeStrings(cs, 'host', cases.map((c) => c.host));
    writeStrings(cs, 'rid', cases.map((c) => c.rid));
    writeColumn(cs, 'file', Uint32Array.from(cases, (c) => c.file));
    writeColumn(cs, 'pid', Int32Array.from(cases, (c) => c.pid ?? 0));
    writeColumn(cs, 'split', Uint8Array.from(cases, (c) => (c.pid === null ? 0 : 1)));
    writeColumn(cs, 'offsets', log.caseOffsets);
    const fl = f.create_group('files');
    writeStrings(fl, 'name', log.files.map((r) => r.name));
    writeStrings(fl, 'report', log.files.map((r) => JSON.stringify(r)));
    // optional: the call stacks (strace -k) and what the analysis said of each (nativeStacks.ts)
    if (log.stack && log.stacks) {
      const groups: Record<string, Group> = { events: ev, stacks: f.create_group('stacks') };
      writeStacks(log, { column: (g, name, data) => writeColumn(groups[g], name, data, slab), strings: (g, name, list) => writeStrings(groups[g], name, list) });
    }
    // optional: Darshan's counters, job header and heatmaps (nativeProfiles.ts)
    if (log.profiles?.length) {
      const groups = new Map<string, Group>();
      const group = (path: string): Group => {
        let g = groups.get(path);
        if (!g) {
          const cut = path.lastIndexOf('/');
          g = cut < 0 ? f.create_group(path) : group(path.slice(0, cut)).create_group(path.slice(cut + 1));
          groups.set(path, g);
        }
        return g;
      };
      const split = (path: string): [Group, string] => [group(path.slice(0, path.lastIndexOf('/'))), path.slice(path.lastIndexOf('/') + 1)];
      writeProfiles(log.profiles, {
        column: (path, data) => writeColumn(...split(path), data, slab),
        strings: (path, list) => writeStrings(...split(path), list),
      });
    }
  } finally {
    f.close();
  }
}

/** The native .h5 bytes of `log` (for the browser's "Export event log" and the CLI `convert`). */
export function nativeHdf5Bytes(h5In: H5Module | H5Namespace, log: EventLog): Uint8Array {
  const h5 = asH5Module(h5In);
  const path = tempPath(h5, 'strace-dfg-export');
  try {
    writeNativeHdf5(h5, log, path);
    return h5.Module.FS.readFile(path);
  } finally {
    removeFile(h5, path);
  }
}

const TIME_BASES: TimeBase[] = ['clock', 'epoch', 'relative', 'none'];

function has(h5: H5Module, fileId: bigint, path: string): boolean {
  try {
    return h5.Module.get_type(fileId, path) === h5.Module.H5G_DATASET;
  } catch {
    return false;
  }
}

const NATIVE_DATASETS = ['/events/pid', '/events/pair', '/events/errno', '/events/start', '/events/dur', '/events/size', '/events/line', '/strings/calls', '/strings/paths', '/strings/errnos', '/pairs/call', '/pairs/fp', '/cases/id', '/cases/cid', '/cases/host', '/cases/rid', '/cases/file', '/cases/pid', '/cases/split', '/cases/offsets', '/files/report'];

export function readNative(h5: H5Module, fileId: bigint, displayName: string, fileBytes: number, slab?: number): EventLog {
  const bad = (what: string): never => {
    throw new Hdf5FormatError(`${displayName}: broken strace-dfg event log: ${what}`);
  };
  const attr = (name: string): unknown => {
    try {
      const m = h5.Module.get_attribute_metadata(fileId, '/', name);
      if (!(m.total_size * m.size <= MAX_ATTRIBUTE_BYTES)) return undefined;
      return new h5.api.Attribute(fileId, '/', name).value;
    } catch {
      return undefined;
    }
  };
  const version = Number(attr('version'));
  if (version !== NATIVE_VERSION) bad(`format version ${version}, this reader knows version ${NATIVE_VERSION} (update strace-dfg)`);
  const timeBase = attr('timeBase') as TimeBase;
  if (!TIME_BASES.includes(timeBase)) bad(`unknown timeBase ${String(timeBase)}`);
  for (const p of NATIVE_DATASETS) if (!has(h5, fileId, p)) bad(`missing dataset ${p}`);
  // every dataset's shape, filters and claimed size checked before anything is allocated
  const infos = new Map(NATIVE_DATASETS.map((p) => [p, datasetInfo(h5, fileId, p)]));
  for (const i of infos.values()) {
    if (i.rank !== 1) bad(`${i.path} has ${i.rank} dimensions, expected 1`);
    checkReadable(i, displayName);
  }
  checkClaims([...infos.values()], fileBytes, displayName);
  const info = (p: string): ReturnType<typeof datasetInfo> => infos.get(p) ?? datasetInfo(h5, fileId, p);
  const n = info('/events/pid').rows;
  const read = <T extends Col>(p: string, make: (k: number) => T, k: number): T => {
    const out = make(k);
    const i = info(p);
    const f = i.fields[0];
    const want = DTYPE.get(out.constructor.name) as string;
    const isInt = want.toLowerCase().endsWith('i') || want.endsWith('H') || want.endsWith('B');
    if (i.compound || f.size !== out.BYTES_PER_ELEMENT || (f.cls === 'int') !== isInt || f.type[0] !== '<') bad(`${p} has type ${f.type}, expected ${want}`);
    readTyped(h5, fileId, i, out, displayName, slab);
    return out;
  };
  const strings = (p: string): string[] => readStringList(h5, fileId, p, displayName, slab);
  const calls = strings('/strings/calls');
  const paths = strings('/strings/paths');
  const errnos = strings('/strings/errnos');
  const nPairs = info('/pairs/call').rows;
  const ids = strings('/cases/id');
  const k = ids.length;
  const cid = strings('/cases/cid');
  const host = strings('/cases/host');
  const rid = strings('/cases/rid');
  const file = read('/cases/file', (m) => new Uint32Array(m), k);
  const cpid = read('/cases/pid', (m) => new Int32Array(m), k);
  const split = read('/cases/split', (m) => new Uint8Array(m), k);
  const caseOffsets = read('/cases/offsets', (m) => new Uint32Array(m), k + 1);
  const files: FileReport[] = strings('/files/report').map((s, i) => parseReport(s, i, bad));
  checkDistinct(calls, '/strings/calls', bad);
  checkDistinct(paths, '/strings/paths', bad);
  checkDistinct(errnos, '/strings/errnos', bad);
  checkDistinct(ids, '/cases/id', bad);
  if (cid.length !== k || host.length !== k || rid.length !== k) bad('case columns differ in length');
  if (caseOffsets[0] !== 0 || caseOffsets[k] !== n) bad('case offsets do not span the events');
  for (let i = 1; i <= k; i++) if (caseOffsets[i] < caseOffsets[i - 1]) bad(`case offsets decrease at case ${ids[i - 1]}`);
  const cases: CaseInfo[] = ids.map((id, i) => {
    if (file[i] >= files.length) bad(`case ${id} refers to file ${file[i]} of ${files.length}`);
    return { id, cid: cid[i], host: host[i], rid: rid[i], file: file[i], pid: split[i] ? cpid[i] : null };
  });
  const log: EventLog = {
    n,
    timeBase,
    pid: read('/events/pid', (m) => new Int32Array(m), n),
    pair: read('/events/pair', (m) => new Uint32Array(m), n),
    errno: read('/events/errno', (m) => new Uint16Array(m), n),
    start: read('/events/start', (m) => new Float64Array(m), n),
    // files written while durations were float32 (before the float64 column): widened, every value exact
    dur: info('/events/dur').fields[0].size === 4 ? Float64Array.from(read('/events/dur', (m) => new Float32Array(m), n)) : read('/events/dur', (m) => new Float64Array(m), n),
    size: read('/events/size', (m) => new Float64Array(m), n),
    line: read('/events/line', (m) => new Uint32Array(m), n),
    // files written before the offset column existed: every offset unknown
    offset: has(h5, fileId, '/events/offset') ? read('/events/offset', (m) => new Float64Array(m), n) : new Float64Array(n).fill(NaN),
    cases,
    caseOffsets,
    calls,
    paths,
    errnos,
    pairCall: read('/pairs/call', (m) => new Uint32Array(m), nPairs),
    pairFp: read('/pairs/fp', (m) => new Uint32Array(m), nPairs),
    files,
  };
  if (paths[0] !== '' || errnos[0] !== '') bad("string tables must start with ''");
  const pairKeys = new Set<number>();
  for (let p = 0; p < nPairs; p++) {
    if (log.pairCall[p] >= calls.length || log.pairFp[p] >= paths.length) bad(`pair ${p} out of range`);
    const key = log.pairFp[p] * calls.length + log.pairCall[p];
    if (pairKeys.has(key)) bad(`pair ${p} is listed twice`);
    pairKeys.add(key);
  }
  const np = nPairs;
  const ne = errnos.length;
  for (let i = 0; i < n; i++) if (log.pair[i] >= np || log.errno[i] >= ne) bad(`event ${i} refers to a missing pair or errno`);
  // the optional layer column and its names (both or neither)
  const hasLayer = has(h5, fileId, '/events/layer');
  if (hasLayer !== has(h5, fileId, '/strings/layers')) bad('/events/layer and /strings/layers come together');
  if (hasLayer) {
    const li = datasetInfo(h5, fileId, '/events/layer');
    if (li.rank !== 1 || li.rows !== n) bad(`/events/layer has ${li.rows} rows, expected ${n}`);
    checkReadable(li, displayName);
    infos.set('/events/layer', li);
    const layer = read('/events/layer', (m) => new Uint8Array(m), n);
    const layerNames = strings('/strings/layers');
    for (let i = 0; i < n; i++) if (layer[i] >= layerNames.length) bad(`event ${i} refers to a missing layer`);
    Object.assign(log, { layer, layerNames });
  }
  // the optional parent column (the line of the event of the layer above, 0 none, -1 unmatched)
  if (has(h5, fileId, '/events/parent')) {
    const pi = datasetInfo(h5, fileId, '/events/parent');
    if (pi.rank !== 1 || pi.rows !== n) bad(`/events/parent has ${pi.rows} rows, expected ${n}`);
    if (pi.fields[0].size !== 4) bad(`/events/parent has type ${pi.fields[0].type}, expected <i4`);
    checkReadable(pi, displayName);
    infos.set('/events/parent', pi);
    const parent = read('/events/parent', (m) => new Int32Array(m), n);
    for (let i = 0; i < n; i++) if (parent[i] < -1) bad(`event ${i} has parent ${parent[i]}`);
    log.parent = parent;
  }
  // the optional call stacks (all their datasets or none), checked like the rest before they are read
  const optional = (p: string): ReturnType<typeof datasetInfo> => {
    const i = datasetInfo(h5, fileId, p);
    if (i.rank !== 1) bad(`${p} has ${i.rank} dimensions, expected 1`);
    checkReadable(i, displayName);
    checkClaims([i], fileBytes, displayName);
    return i;
  };
  Object.assign(log, readStacks(n, {
    has: (p) => has(h5, fileId, p),
    ids: (p, rows) => {
      const i = optional(p);
      if (rows !== undefined && i.rows !== rows) bad(`${p} has ${i.rows} rows, expected ${rows}`);
      infos.set(p, i);
      const size = i.fields[0].size;
      if (size !== 2 && size !== 4) bad(`${p} has type ${i.fields[0].type}, expected <u2 or <u4`);
      return size === 2 ? read(p, (m) => new Uint16Array(m), i.rows) : read(p, (m) => new Uint32Array(m), i.rows);
    },
    strings: (p) => {
      optional(p);
      return strings(p);
    },
  }, bad));
  // the optional profiles (Darshan's counters, job header, heatmaps), checked the same way
  const column = <T extends Col>(make: (k: number) => T) => (p: string, rows?: number): T => {
    if (!has(h5, fileId, p)) bad(`missing dataset ${p}`);
    const i = optional(p);
    if (rows !== undefined && i.rows !== rows) bad(`${p} has ${i.rows} rows, expected ${rows}`);
    infos.set(p, i);
    return read(p, make, i.rows);
  };
  Object.assign(log, readProfiles({
    has: (p) => has(h5, fileId, p),
    f64: column((m) => new Float64Array(m)),
    u32: column((m) => new Uint32Array(m)),
    i32: column((m) => new Int32Array(m)),
    strings: (p) => {
      if (!has(h5, fileId, p)) bad(`missing dataset ${p}`);
      optional(p);
      return strings(p);
    },
  }, bad));
  return checkNativeEvents(log, bad);
}
