/**
 * The OTF2 importer (Score-P traces, docs/FORMATS.md "OTF2"): a bundle of the anchor `X.otf2` and its
 * members (src/ingest/bundle.ts), sniffed by the anchor's magic, read in the coordinating thread (a parse
 * thread gets one file). One case per location group (an MPI rank, a process): `{archive folder}_{host}_
 * {rank}`, its locations (threads) as pids 0, 1, …; one event per I/O record (read.ts), its line its place in
 * the case, its parent the line of the event of the layer above that it serves (EventLog.parent, by the handles).
 */
import { EventLogBuilder } from '../../model/builder';
import { emptyFileReport, type EventLog } from '../../model/eventlog';
import { folderOf, type BundleRule } from '../bundle';
import type { Importer } from '../importer';
import { FileFormatError } from '../source';
import { isOtf2Anchor } from './defs';
import { UNMATCHED } from './events';
import { archiveOf, readOtf2, type Otf2Trace } from './read';

/** `X.otf2` is an anchor; `X.def`, `X/*.def|evt|snap` and `X.thumb.N` / `X.marker` beside it are its members. */
export const otf2Bundle: BundleRule = {
  anchor: (name) => /\.otf2$/i.test(name),
  member(anchor, name) {
    const { dir, archive } = archiveOf(anchor);
    if (!name.startsWith(dir)) return null;
    const rel = name.slice(dir.length);
    if (rel === `${archive}.def` || rel === `${archive}.marker` || rel.startsWith(`${archive}.thumb.`)) return rel;
    if (rel.startsWith(`${archive}/`) && /^[^/]+\.(def|evt|snap)$/.test(rel.slice(archive.length + 1))) return rel;
    return null;
  },
  orphan: (name) =>
    /\.(evt|snap)$/i.test(name) || (/\.def$/i.test(name) && folderOf(name) !== '')
      ? 'part of an OTF2 trace whose anchor file (*.otf2) is not in the load: drop or name the folder that holds the anchor'
      : null,
};

/** The folder the archive was recorded in (Score-P's experiment directory): the case's cid. */
function runName(anchor: string): string {
  const dir = folderOf(anchor).replace(/\/$/, '');
  const base = dir.slice(dir.lastIndexOf('/') + 1);
  return base || archiveOf(anchor).archive;
}

/** The rank of a location group: the number its name ends with (`MPI Rank 3`), else its position. */
const rankOf = (name: string, k: number): string => /(\d+)\s*$/.exec(name)?.[1] ?? String(k);

/** An Otf2Trace → EventLog: one case per location group with I/O events, in definition order. */
export function otf2Log(name: string, bytes: number, t: Otf2Trace): EventLog {
  const n = t.groups.reduce((s, g) => s + g.locations.reduce((a, l) => a + l.events.length, 0), 0);
  const b = new EventLogBuilder(n);
  const report = emptyFileReport(name, 'otf2', bytes);
  const file = b.addFile(report);
  const cid = runName(name);
  const t0 = t.t0 ?? 0;
  const ids = new Set<string>();
  // the layer column (EventLog.layer: an index into layerNames per event); each case is pushed in start
  // order (stable: location, then record order), so the builder keeps that order and the column matches
  const layerNames: string[] = [];
  const layerIds = new Map<string, number>();
  const layer = new Uint8Array(n);
  const parent = new Int32Array(n);
  let unmatched = 0;
  t.groups.forEach((g, k) => {
    if (!g.locations.some((l) => l.events.length)) return;
    const rid = rankOf(g.name, k);
    let id = `${cid}_${g.host || 'host'}_${rid}`;
    if (ids.has(id)) id = `${id}.${k}`;
    ids.add(id);
    b.beginCase({ id, cid, host: g.host, rid, pid: null }, file);
    const all = g.locations.flatMap((l, pid) => l.events.map((e, k) => ({ e, pid, k })));
    all.sort((x, y) => x.e.start - y.e.start || x.pid - y.pid);
    // each event's line: its place in the case (1-based); its parent: the parent event's line (0: none,
    // -1: its handle has a parent, and no operation up the chain holds it)
    const lineOf = g.locations.map((l) => new Int32Array(l.events.length));
    all.forEach(({ pid, k }, j) => (lineOf[pid][k] = j + 1));
    all.forEach(({ e, pid }, j) => {
      const line = j + 1;
      let li = layerIds.get(e.layer);
      if (li === undefined) {
        if (layerNames.length === 256) throw new FileFormatError(`${name}: more than 256 I/O paradigms`);
        layerIds.set(e.layer, (li = layerNames.length));
        layerNames.push(e.layer);
      }
      layer[b.n] = li;
      parent[b.n] = e.parent >= 0 ? lineOf[pid][e.parent] : e.parent === UNMATCHED ? -1 : 0;
      if (e.parent === UNMATCHED) unmatched++;
      b.push(pid, b.pairOf(b.internCall(e.call), b.internPath(e.fp)), 0, t0 + e.start, e.dur, e.size, line, e.offset);
    });
    for (const l of g.locations) {
      report.events += l.events.length;
      for (const [kind, c] of Object.entries(l.dropped)) report.dropped[kind] = (report.dropped[kind] ?? 0) + c;
    }
    b.endCase();
  });
  report.lines = report.events + Object.values(report.dropped).reduce((s, c) => s + c, 0);
  report.flags = { timestamps: t.t0 === null ? 'otf2' : 'otf2+epoch', durations: true, annotations: true, pids: 'location' };
  const noIo = t.groups.filter((g) => !g.locations.some((l) => l.events.length)).length;
  if (noIo) report.warnings.push(`${noIo} location group${noIo === 1 ? '' : 's'} without I/O records (not shown as cases)`);
  if (unmatched) report.warnings.push(`${unmatched} I/O operation${unmatched === 1 ? '' : 's'} on a handle with a parent handle (the layer above) that no operation up the handles' chain holds in time on its thread: not linked to a layer above`);
  const log = b.build(t.t0 === null ? 'relative' : 'epoch');
  return Object.assign(log, { layer: layer.slice(0, log.n), layerNames, parent: parent.slice(0, log.n) });
}

export const otf2Importer: Importer = {
  id: 'otf2',
  pooled: false,
  sequential: false,
  bundle: otf2Bundle,
  sniff: (head) => isOtf2Anchor(head),
  async read(source, _head, _opts, ctx) {
    let counted = 0;
    const trace = await readOtf2(source, ctx.cancel, (n) => {
      counted += n;
      ctx.onBytes(n);
    });
    if (counted < source.size) ctx.onBytes(source.size - counted);
    const log = otf2Log(source.name, source.size, trace);
    if (log.n === 0) throw new FileFormatError(`${source.name}: this OTF2 trace holds no I/O records (Score-P records them with SCOREP_ENABLE_TRACING=true and SCOREP_IO_POSIX=true, docs/GUIDE.md)`);
    return log;
  },
};
