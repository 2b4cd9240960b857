/**
 * Finds the event tables of a foreign HDF5 file (pandas HDFStore `format='table'`, h5py compound datasets,
 * one dataset per column) and resolves their columns. Pure discovery: nothing per event is read here.
 */
import { MAX_ATTRIBUTE_BYTES } from './guard';
import { datasetInfo, type DatasetInfo, type Field } from './raw';
import { parsePickledStringList } from './pickle';
import { Hdf5FormatError, textDecoder, type H5Module } from './types';

export type Col = 'pid' | 'call' | 'start' | 'dur' | 'fp' | 'size' | 'errno' | 'line';

/** Accepted column names (first = canonical). Matching is case-insensitive. */
export const ALIASES: Record<Col, string[]> = {
  pid: ['pid', 'tid'],
  call: ['call', 'syscall'],
  start: ['start', 'timestamp', 'time'],
  dur: ['dur', 'duration'],
  fp: ['fp', 'path', 'file'],
  size: ['size', 'bytes'],
  errno: ['errno', 'error'],
  line: ['line'],
};
export const REQUIRED: Col[] = ['call', 'start', 'fp'];
const STRING_COLS = new Set<Col>(['call', 'fp', 'errno']);
const LOOKUP = new Map<string, Col>();
for (const [col, names] of Object.entries(ALIASES) as [Col, string[]][]) for (const n of names) LOOKUP.set(n, col);

export interface CaseTable {
  /** Case id: the group path below the root (the dataset name for a table at the root). */
  id: string;
  /** Where the table lives, for messages. */
  where: string;
  layout: 'pandas-table' | 'compound' | 'columns';
  rows: number;
  datasets: DatasetInfo[];
  cols: Partial<Record<Col, Field>>;
  /** cid/host/rid from group attributes, when present. */
  attrs: { cid?: string; host?: string; rid?: string };
}

export interface Discovery {
  tables: CaseTable[];
  /** Groups written by pandas with format='fixed'. */
  fixed: string[];
  /** A few paths seen, for the "no event tables" message. */
  seen: string[];
  /** Soft and external links met, not followed (`/a/b → target`). */
  links: string[];
}

function attrNames(h5: H5Module, fileId: bigint, path: string): string[] {
  try {
    return h5.Module.get_attribute_names(fileId, path);
  } catch {
    return [];
  }
}

export function stringAttr(h5: H5Module, fileId: bigint, path: string, name: string): string | undefined {
  if (!attrNames(h5, fileId, path).includes(name)) return undefined;
  const m = h5.Module.get_attribute_metadata(fileId, path, name);
  if (!(m.total_size * m.size <= MAX_ATTRIBUTE_BYTES)) return undefined;
  const v = new h5.api.Attribute(fileId, path, name).value;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof Uint8Array) return textDecoder('utf-8').decode(v);
  return undefined;
}

/** Maps fields to event columns; returns null if fewer than two known columns (not an event table). */
function resolve(fields: Field[], rename: (f: Field) => string | null): Partial<Record<Col, Field>> | null {
  const cols: Partial<Record<Col, Field>> = {};
  let known = 0;
  for (const f of fields) {
    const name = rename(f);
    if (name === null) continue;
    const col = LOOKUP.get(name.toLowerCase());
    if (col && !cols[col]) {
      cols[col] = { ...f, name };
      known++;
    }
  }
  return known >= 2 && (cols.call || cols.start || cols.fp) ? cols : null;
}

/** Checks required columns and dtypes; throws a message naming the file, table and column. */
export function checkTable(t: CaseTable, displayName: string): void {
  const missing = REQUIRED.filter((c) => !t.cols[c]);
  if (missing.length) {
    const has = Object.values(t.cols).map((f) => (f as Field).name);
    throw new Hdf5FormatError(
      `${displayName}: event table ${t.where} has no column '${missing.join("', '")}' (required: ${REQUIRED.join(', ')}; found: ${has.join(', ')})`,
    );
  }
  for (const [col, f] of Object.entries(t.cols) as [Col, Field][]) {
    const wantString = STRING_COLS.has(col);
    if (wantString && f.cls !== 'string') {
      throw new Hdf5FormatError(`${displayName}: column '${f.name}' of ${t.where} has type ${f.type}; expected strings`);
    }
    if (!wantString && f.cls !== 'int' && f.cls !== 'float') {
      const what = col === 'start' ? 'float seconds or int64 nanoseconds' : 'numbers';
      throw new Hdf5FormatError(`${displayName}: column '${f.name}' of ${t.where} has type ${f.type}; expected ${what}`);
    }
  }
}

/** How a link reaches its object: only hard links are followed (soft ones may lead out of the file). */
function linkTarget(h5: H5Module, fileId: bigint, path: string): string | null {
  const ext = h5.Module.get_external_link(fileId, path);
  if (ext.filename) return `${ext.filename}:${ext.obj_path ?? ''}`;
  const soft = h5.Module.get_symbolic_link(fileId, path);
  return soft === null ? null : soft;
}

/** An object's identity in the file (its address, as an object reference): the same for every hard link to it. */
function objectKey(h5: H5Module, fileId: bigint, path: string): string {
  return Array.from(h5.Module.create_object_reference(fileId, path)).join(',');
}

/**
 * Walks the file and collects every event table. Each object is visited once, however many hard links
 * lead to it (a group linked into itself is not a cycle to walk); soft and external links are listed in
 * `links`, not followed.
 */
export function discover(h5: H5Module, fileId: bigint, displayName: string): Discovery {
  const M = h5.Module;
  const out: Discovery = { tables: [], fixed: [], seen: [], links: [] };
  const rel = (p: string): string => p.replace(/^\/+/, '');
  const visited = new Set<string>([objectKey(h5, fileId, '/')]);
  const firstVisit = (p: string): boolean => {
    const key = objectKey(h5, fileId, p);
    if (visited.has(key)) return false;
    visited.add(key);
    return true;
  };

  const visit = (gpath: string, depth: number): void => {
    if (depth > 64) return;
    const pandasType = stringAttr(h5, fileId, gpath, 'pandas_type');
    if (pandasType !== undefined) {
      visitPandas(gpath, pandasType);
      return;
    }
    const names = M.get_names(fileId, gpath, false);
    const datasets: DatasetInfo[] = [];
    const groups: string[] = [];
    for (const name of names) {
      const p = gpath === '/' ? `/${name}` : `${gpath}/${name}`;
      const target = linkTarget(h5, fileId, p);
      if (target !== null) {
        out.links.push(`${p} → ${target}`);
        continue;
      }
      const type = M.get_type(fileId, p);
      if (out.seen.length < 8) out.seen.push(p);
      if (type === M.H5G_GROUP) {
        if (name.startsWith('_i_') || !firstVisit(p)) continue;
        groups.push(p);
      } else if (type === M.H5G_DATASET) {
        const d = datasetInfo(h5, fileId, p);
        // a compound table is a whole case: a second link to it is not a second case
        if (!(d.compound && !firstVisit(p))) datasets.push(d);
      }
    }
    const attrs = { cid: stringAttr(h5, fileId, gpath, 'cid'), host: stringAttr(h5, fileId, gpath, 'host'), rid: stringAttr(h5, fileId, gpath, 'rid') };
    const compound = datasets.filter((d) => d.compound && d.rank === 1);
    const found: CaseTable[] = [];
    for (const d of compound) {
      const cols = resolve(d.fields, (f) => f.name);
      if (cols) found.push({ id: '', where: d.path, layout: 'compound', rows: d.rows, datasets: [d], cols, attrs });
    }
    for (const t of found) {
      const ds = t.datasets[0].path.replace(/^.*\//, '');
      t.id = gpath === '/' ? ds : found.length === 1 ? rel(gpath) : `${rel(gpath)}/${ds}`;
      out.tables.push(t);
    }
    const plain = datasets.filter((d) => !d.compound && d.rank === 1);
    const cols = resolve(plain.flatMap((d) => d.fields), (f) => f.name);
    if (cols && !found.length) {
      const used = [...new Set(Object.values(cols).map((f) => (f as Field).ds))];
      const ds = plain.filter((d) => used.includes(d.path));
      const rows = ds[0].rows;
      const bad = ds.find((d) => d.rows !== rows);
      if (bad) throw new Hdf5FormatError(`${displayName}: the columns of ${gpath} differ in length (${ds[0].path}: ${rows}, ${bad.path}: ${bad.rows})`);
      const id = gpath === '/' ? displayName.replace(/^.*[\\/]/, '').replace(/\.(h5|hdf5|he5|hdf)$/i, '') : rel(gpath);
      out.tables.push({ id, where: gpath, layout: 'columns', rows, datasets: ds, cols, attrs });
    }
    for (const g of groups) visit(g, depth + 1);
  };

  const visitPandas = (gpath: string, pandasType: string): void => {
    const tableType = stringAttr(h5, fileId, gpath, 'table_type');
    const tpath = `${gpath}/table`;
    if (M.get_names(fileId, gpath, false).includes('table') && linkTarget(h5, fileId, tpath) !== null) {
      out.links.push(`${tpath} → ${linkTarget(h5, fileId, tpath)}`);
      return;
    }
    if (tableType === undefined || M.get_type(fileId, tpath) !== M.H5G_DATASET) {
      out.fixed.push(`${gpath} (pandas_type ${pandasType})`);
      return;
    }
    const d = datasetInfo(h5, fileId, tpath);
    const kinds = new Map<string, string[]>();
    const cols = resolve(d.fields, (f) => {
      const m = /^(values_block_\d+)\[(\d+)\]$/.exec(f.name);
      if (!m) return f.name.replace(/\[0\]$/, '');
      let names = kinds.get(m[1]);
      if (!names) {
        const pickled = stringAttr(h5, fileId, tpath, `${m[1]}_kind`);
        const parsed = pickled === undefined ? null : parsePickledStringList(pickled);
        if (!parsed) throw new Hdf5FormatError(`${displayName}: ${tpath} has a field ${m[1]} whose column names (attribute ${m[1]}_kind) cannot be read`);
        names = parsed;
        kinds.set(m[1], names);
      }
      return names[Number(m[2])] ?? null;
    });
    if (!cols) {
      out.seen.push(tpath);
      return;
    }
    const attrs = { cid: stringAttr(h5, fileId, gpath, 'cid'), host: stringAttr(h5, fileId, gpath, 'host'), rid: stringAttr(h5, fileId, gpath, 'rid') };
    out.tables.push({ id: rel(gpath), where: tpath, layout: 'pandas-table', rows: d.rows, datasets: [d], cols, attrs });
  };

  visit('/', 0);
  return out;
}
