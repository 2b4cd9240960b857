/**
 * A replay folder read back (docs/FORMATS.md "The replay folder"): `replay.json`, then each case's I/O log
 * and metadata list as the replay will run them — what `replay --check` compares the replay's traces with.
 */
import { expectedDo, type CaseDo } from './expect';
import type { FileSummary, IoLine, MetaLine } from './types';
import { MANIFEST_FORMAT, MANIFEST_VERSION } from './folder';
import { IOLOG_HEADER, META_HEADER } from './writers';

/** A replay folder that cannot be read: the message names the file and the problem. */
export class ReplayFolderError extends Error {
  override name = 'ReplayFolderError';
}

interface ManifestCase {
  index: number;
  id: string;
  trace_cid: string;
  trace_rid: string;
  iolog: string | null;
  meta: string | null;
  recorded: Record<string, FileSummary>;
  span?: number;
  data_busy: number | null;
  meta_busy: number | null;
  io_span?: number;
}

interface Manifest {
  format: string;
  version: number;
  what_ifs: { lines: string[] };
  cases: ManifestCase[];
  files: { path: string; name: string }[];
}

export interface ReadFolder {
  cases: CaseDo[];
  /** Name under the root → recorded path. */
  names: Map<string, string>;
  whatIfs: string[];
}

const ACTIONS = new Set(['open', 'close', 'read', 'write', 'sync', 'datasync']);

export function parseIolog(file: string, text: string, pathOf: (name: string) => string): IoLine[] {
  const lines = text.split('\n');
  if (!lines[0].startsWith(IOLOG_HEADER)) throw new ReplayFolderError(`${file}: not a fio version 3 I/O log (first line: ${JSON.stringify(lines[0].slice(0, 40))})`);
  const out: IoLine[] = [];
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i];
    if (!l) continue;
    const f = l.split(' ');
    if (f[2] === 'add') continue;
    if (!ACTIONS.has(f[2]) || !/^\d+$/.test(f[0])) throw new ReplayFolderError(`${file}:${i + 1}: not an I/O log line: ${JSON.stringify(l.slice(0, 80))}`);
    const io: IoLine = { t: Number(f[0]) / 1e6, path: pathOf(f[1]), kind: f[2] as IoLine['kind'], offset: Number(f[3] ?? 0), size: Number(f[4] ?? 0) };
    const prev = out[out.length - 1];
    // a request split at MAX_IOLOG_LENGTH is one request of the recording
    if (prev && (io.kind === 'read' || io.kind === 'write') && prev.kind === io.kind && prev.path === io.path && prev.t === io.t && prev.offset + prev.size === io.offset && prev.size === 2 ** 31) prev.size += io.size;
    else out.push(io);
  }
  return out;
}

export function parseMeta(file: string, text: string, pathOf: (name: string) => string): MetaLine[] {
  const lines = text.split('\n');
  if (!lines[0].startsWith(META_HEADER)) throw new ReplayFolderError(`${file}: not a strace-dfg metadata list (first line: ${JSON.stringify(lines[0].slice(0, 40))})`);
  const out: MetaLine[] = [];
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i];
    if (!l || l.startsWith('#')) continue;
    const f = l.split('\t');
    if (f.length !== 7) throw new ReplayFolderError(`${file}:${i + 1}: expected 7 tab-separated fields, found ${f.length}`);
    out.push({ t: Number(f[0]) / 1e6, phase: f[1] as MetaLine['phase'], action: f[2] as MetaLine['action'], path: pathOf(f[3]), arg: f[4], call: f[5], errno: f[6] });
  }
  return out;
}

function manifestOf(text: string): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch (e) {
    throw new ReplayFolderError(`replay.json is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (m?.format !== MANIFEST_FORMAT) throw new ReplayFolderError(`replay.json is not a strace-dfg replay manifest (format ${JSON.stringify(m?.format)})`);
  if (m.version !== MANIFEST_VERSION) throw new ReplayFolderError(`replay.json is version ${m.version}; this strace-dfg reads version ${MANIFEST_VERSION}`);
  if (!Array.isArray(m.cases) || !Array.isArray(m.files)) throw new ReplayFolderError('replay.json has no cases or files');
  return m;
}

/** Reads a replay folder through `read(relative path)` (null: no such file). */
export function readReplayFolder(read: (path: string) => string | null): ReadFolder {
  const text = read('replay.json');
  if (text === null) throw new ReplayFolderError('no replay.json: not a folder written by strace-dfg replay --out');
  const m = manifestOf(text);
  const names = new Map(m.files.map((f) => [f.name, f.path]));
  const pathOf = (name: string): string => names.get(name) ?? '/' + name;
  const need = (p: string): string => {
    const t = read(p);
    if (t === null) throw new ReplayFolderError(`${p} is missing (replay.json names it)`);
    return t;
  };
  const cases = m.cases.map((c): CaseDo => {
    const io = c.iolog ? parseIolog(c.iolog, need(c.iolog), pathOf) : [];
    const meta = c.meta ? parseMeta(c.meta, need(c.meta), pathOf) : [];
    return {
      index: c.index,
      id: c.id,
      traceCid: c.trace_cid,
      traceRid: c.trace_rid,
      files: expectedDo(io, meta),
      span: c.io_span ?? NaN,
      dataBusy: c.data_busy ?? NaN,
      metaBusy: c.meta_busy ?? NaN,
      recorded: c.recorded,
    };
  });
  return { cases, names, whatIfs: m.what_ifs?.lines ?? [] };
}
