/**
 * The profiles of a native HDF5 event log (Darshan's counters, job header and heatmaps: `EventLog.profiles`;
 * docs/FORMATS.md "The native layout"): optional, `/profiles/header` (one JSON text per profile) and per
 * profile k the group `/profiles/k` with its counter tables and heatmaps as columns. Read back checked:
 * every field of the header by type, every table's and heatmap's lengths and indices.
 */
import type { CounterTable, Heatmap, Profile, ProfileModule } from '../../model/profile';
import { MAX_REPORT_JSON } from './checks';

type Col = Int32Array | Uint32Array | Float64Array;

/** What native.ts gives this file to write: a column or a string list at `path` (groups made as needed). */
export interface ProfileIo {
  column(path: string, data: Col): void;
  strings(path: string, list: readonly string[]): void;
}

/** The header of a profile as written: Profile without its tables and heatmaps, which are columns. */
interface Header extends Omit<Profile, 'tables' | 'heatmaps'> {
  tables: { module: string; partial: boolean }[];
  heatmaps: number;
}

export function writeProfiles(profiles: readonly Profile[], io: ProfileIo): void {
  const headers = profiles.map((p, k): string => {
    const { tables, heatmaps, ...rest } = p;
    tables.forEach((t) => {
      const g = `profiles/${k}/tables/${t.module}`;
      io.strings(`${g}/names`, t.names);
      io.strings(`${g}/files`, t.files);
      io.column(`${g}/file`, t.file);
      io.column(`${g}/rank`, t.rank);
      io.column(`${g}/values`, t.values);
    });
    if (heatmaps.length) {
      const g = `profiles/${k}/heatmaps`;
      const start = new Uint32Array(heatmaps.length + 1);
      heatmaps.forEach((h, i) => (start[i + 1] = start[i] + h.write.length));
      const write = new Float64Array(start[heatmaps.length]);
      const read = new Float64Array(start[heatmaps.length]);
      heatmaps.forEach((h, i) => {
        write.set(h.write, start[i]);
        read.set(h.read, start[i]);
      });
      io.strings(`${g}/module`, heatmaps.map((h) => h.module));
      io.column(`${g}/rank`, Int32Array.from(heatmaps, (h) => h.rank));
      io.column(`${g}/binWidth`, Float64Array.from(heatmaps, (h) => h.binWidth));
      io.column(`${g}/start`, start);
      io.column(`${g}/write`, write);
      io.column(`${g}/read`, read);
    }
    const header: Header = { ...rest, tables: tables.map((t) => ({ module: t.module, partial: t.partial })), heatmaps: heatmaps.length };
    return JSON.stringify(header);
  });
  io.strings('profiles/header', headers);
}

export interface ProfileRead {
  has(path: string): boolean;
  /** The dataset as this typed array (its type checked); `rows` = the length it must have. */
  f64(path: string, rows?: number): Float64Array;
  u32(path: string, rows?: number): Uint32Array;
  i32(path: string, rows?: number): Int32Array;
  strings(path: string): string[];
}

type Bad = (what: string) => never;

/** The profiles of the file, checked (`bad` names what is wrong), or {} when it has none. */
export function readProfiles(r: ProfileRead, bad: Bad): { profiles?: Profile[] } {
  if (!r.has('/profiles/header')) return {};
  const profiles = r.strings('/profiles/header').map((json, k) => {
    const h = parseHeader(json, k, bad);
    const tables = h.tables.map((t): CounterTable => {
      const g = `/profiles/${k}/tables/${t.module}`;
      const names = r.strings(`${g}/names`);
      const files = r.strings(`${g}/files`);
      const file = r.u32(`${g}/file`);
      const rank = r.i32(`${g}/rank`, file.length);
      const values = r.f64(`${g}/values`, file.length * names.length);
      for (let i = 0; i < file.length; i++) if (file[i] >= files.length) bad(`${g}: row ${i} refers to a missing file`);
      return { module: t.module, names, files, file, rank, values, partial: t.partial };
    });
    const heatmaps: Heatmap[] = [];
    if (h.heatmaps > 0) {
      const g = `/profiles/${k}/heatmaps`;
      const module = r.strings(`${g}/module`);
      if (module.length !== h.heatmaps) bad(`${g}/module has ${module.length} rows, expected ${h.heatmaps}`);
      const rank = r.i32(`${g}/rank`, h.heatmaps);
      const binWidth = r.f64(`${g}/binWidth`, h.heatmaps);
      const start = r.u32(`${g}/start`, h.heatmaps + 1);
      const write = r.f64(`${g}/write`);
      const read = r.f64(`${g}/read`, write.length);
      if (start[0] !== 0 || start[h.heatmaps] !== write.length) bad(`${g}/start does not span the bins`);
      for (let i = 0; i < h.heatmaps; i++) {
        if (start[i + 1] < start[i]) bad(`${g}/start decreases at heatmap ${i}`);
        heatmaps.push({ module: module[i], rank: rank[i], binWidth: binWidth[i], write: write.slice(start[i], start[i + 1]), read: read.slice(start[i], start[i + 1]) });
      }
    }
    const { tables: _t, heatmaps: _h, ...rest } = h;
    return { ...rest, tables, heatmaps };
  });
  return { profiles };
}

// ---- the header, field by field (the file is input like any other) ----

function parseHeader(json: string, k: number, bad: Bad): Header {
  const at = `profile ${k}`;
  if (json.length > MAX_REPORT_JSON) bad(`${at}: header of ${json.length} characters (at most ${MAX_REPORT_JSON})`);
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    bad(`${at}: header is not JSON`);
  }
  const o = obj(v, at, bad);
  const s = (x: Record<string, unknown>, key: string, where: string): string => (typeof x[key] === 'string' ? (x[key] as string) : bad(`${where}: '${key}' is not a string`));
  const n = (x: Record<string, unknown>, key: string, where: string): number => (typeof x[key] === 'number' ? (x[key] as number) : bad(`${where}: '${key}' is not a number`));
  const b = (x: Record<string, unknown>, key: string, where: string): boolean => (typeof x[key] === 'boolean' ? (x[key] as boolean) : bad(`${where}: '${key}' is not true or false`));
  const list = (key: string): Record<string, unknown>[] => (Array.isArray(o[key]) ? (o[key] as unknown[]).map((x, i) => obj(x, `${at} ${key}[${i}]`, bad)) : bad(`${at}: '${key}' is not a list`));
  const texts = (key: string): Record<string, string> => {
    const m = obj(o[key], `${at} ${key}`, bad);
    for (const [name, x] of Object.entries(m)) if (typeof x !== 'string') bad(`${at}: ${key}.${name} is not a string`);
    return m as Record<string, string>;
  };
  if (o.format !== 'darshan') bad(`${at}: format ${JSON.stringify(o.format)} is not 'darshan'`);
  const modules = list('modules').map((m, i): ProfileModule => {
    const w = `${at} module ${i}`;
    const note = m.note === null ? null : s(m, 'note', w);
    return { name: s(m, 'name', w), version: n(m, 'version', w), bytes: n(m, 'bytes', w), partial: b(m, 'partial', w), read: b(m, 'read', w), note };
  });
  const seen = new Set<string>();
  const tables = list('tables').map((t, i) => {
    const module = s(t, 'module', `${at} table ${i}`);
    if (!module || module.includes('/') || module === '.' || seen.has(module)) bad(`${at}: table ${i} has module name ${JSON.stringify(module)}`);
    seen.add(module);
    return { module, partial: b(t, 'partial', `${at} table ${i}`) };
  });
  const heatmaps = n(o, 'heatmaps', at);
  if (!Number.isInteger(heatmaps) || heatmaps < 0) bad(`${at}: 'heatmaps' is ${heatmaps}`);
  const ranks = (key: 'hosts' | 'caseOfRank'): Record<number, string> => {
    const m = texts(key);
    for (const r of Object.keys(m)) if (!/^-?\d+$/.test(r)) bad(`${at}: ${key} has the key ${JSON.stringify(r)}, not a rank`);
    return m;
  };
  return {
    source: s(o, 'source', at), format: 'darshan', version: s(o, 'version', at), exe: s(o, 'exe', at), nprocs: n(o, 'nprocs', at),
    jobid: n(o, 'jobid', at), uid: n(o, 'uid', at), start: n(o, 'start', at), end: n(o, 'end', at), metadata: texts('metadata'),
    mounts: list('mounts').map((m, i) => ({ path: s(m, 'path', `${at} mount ${i}`), type: s(m, 'type', `${at} mount ${i}`) })),
    modules, hosts: ranks('hosts'), caseOfRank: ranks('caseOfRank'), hasDxt: b(o, 'hasDxt', at), tables, heatmaps,
  };
}

function obj(v: unknown, what: string, bad: Bad): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : bad(`${what} is not an object`);
}
