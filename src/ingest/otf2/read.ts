/**
 * An OTF2 archive (a bundle: the anchor `X.otf2` with members `X.def`, `X/<location>.def`,
 * `X/<location>.evt`) → its I/O events per location, with names resolved: the call (the region it was
 * recorded in), the file, the I/O layer (the handle's paradigm) and the link to the event of the layer above
 * (docs/FORMATS.md "OTF2").
 */
import { CancelledError, FileFormatError, type ByteSource, type Cancel } from '../source';
import { Otf2Error, UNDEFINED } from './buffer';
import { readAnchor, readGlobalDefs, readLocalDefs, type Anchor, type GlobalDefs } from './defs';
import { readLocationEvents } from './events';

export interface Otf2Event {
  call: string;
  fp: string;
  layer: string;
  /** Seconds since the trace's first tick (`Otf2Trace.t0` adds the epoch when the trace has one). */
  start: number;
  /** Seconds (NaN: unknown). */
  dur: number;
  /** Bytes transferred (NaN: not an operation, or unknown). */
  size: number;
  offset: number;
  /** Index (in this location's events) of the event of the layer above that this one serves, by the handles;
   * -1: its handle has no parent; UNMATCHED (-2): it has one, and no event up the chain holds it in time. */
  parent: number;
}

export interface Otf2Location {
  ref: number;
  name: string;
  events: Otf2Event[];
  dropped: Record<string, number>;
  records: number;
}

export interface Otf2Group {
  name: string;
  /** The name of the system tree node of class `node` above it (the host), else its parent's. */
  host: string;
  locations: Otf2Location[];
}

export interface Otf2Trace {
  anchor: Anchor;
  /** Epoch seconds of the first tick (the clock's realtime), or null when the trace has none. */
  t0: number | null;
  groups: Otf2Group[];
  /** Locations without event records (no event file, or one with none): left out of their group. */
  empty: string[];
}

/** Score-P's paradigm identifications → the layer names shown; others keep their identification. */
const LAYER: Record<string, string> = { POSIX: 'POSIX', ISOC: 'ISO C', 'MPI-IO': 'MPI-IO', MPIIO: 'MPI-IO', HDF5: 'HDF5', NETCDF: 'NetCDF', NetCDF: 'NetCDF', PNETCDF: 'PnetCDF' };

/** The archive's name and folder from its anchor's name (`run/traces.otf2` → `traces`, `run/`). */
export function archiveOf(anchor: string): { dir: string; archive: string } {
  const slash = anchor.replace(/\\/g, '/').lastIndexOf('/');
  return { dir: anchor.slice(0, slash + 1), archive: anchor.slice(slash + 1).replace(/\.otf2$/i, '') };
}

/** An event recorded outside any region: named by its kind (`read`, `IoSeek`), with its layer unless POSIX. */
const kindName = (kind: string, layer: string): string => (layer === 'POSIX' ? kind : `${layer} ${kind}`);

async function bytesOf(s: ByteSource): Promise<Uint8Array> {
  return s.size ? s.read(0, s.size) : new Uint8Array(0);
}

function hostOf(d: GlobalDefs, node: number): string {
  const str = (k: number) => d.strings.get(k) ?? '';
  for (let n = node, hops = 0; n !== UNDEFINED && hops < 64; hops++) {
    const def = d.nodes.get(n);
    if (!def) break;
    if (str(def[1]).toLowerCase() === 'node') return str(def[0]);
    n = def[2];
  }
  const def = d.nodes.get(node);
  return def ? str(def[0]) : '';
}

/** Reads the archive behind an anchor source (its members from `source.members`). */
export async function readOtf2(source: ByteSource, cancel: Cancel, onBytes: (n: number) => void): Promise<Otf2Trace> {
  const { archive } = archiveOf(source.name);
  const members = source.members ?? new Map<string, ByteSource>();
  const anchorBytes = await source.read(0, source.size);
  const anchor = readAnchor(anchorBytes);
  onBytes(anchorBytes.length);
  if (anchor.substrate === 2) throw new FileFormatError(`${source.name}: this OTF2 archive was written with the SIONlib file substrate (its events are inside SIONlib container files, which are not read): record it with SCOREP_TRACING_USE_SION=false`);
  if (anchor.compression === 2) throw new FileFormatError(`${source.name}: this OTF2 archive is zlib-compressed, which is not read: write it uncompressed`);
  const defsFile = members.get(`${archive}.def`);
  if (!defsFile) throw new FileFormatError(`${source.name}: the OTF2 anchor file without its definitions (${archive}.def and the folder ${archive}/): drop or name the folder that holds all three`);
  const d = readGlobalDefs(await bytesOf(defsFile), anchor.defChunk);
  onBytes(defsFile.size);
  const str = (k: number) => d.strings.get(k) ?? '';
  const offsetAttr = [...d.attributes].find(([, name]) => str(name) === 'Offset')?.[0] ?? -1;
  const parentOf = (h: number) => {
    const p = d.handles.get(h)?.parent ?? -1;
    return p === UNDEFINED ? -1 : p;
  };
  const layerOf = (paradigm: number) => {
    const p = d.paradigms.get(paradigm);
    const id = p ? str(p[0]) : '';
    return LAYER[id] ?? (id || (p ? str(p[1]) : '') || 'I/O');
  };
  const groups = new Map<number, Otf2Group>();
  const empty: string[] = [];
  for (const [ref, [nameRef, group]] of d.locations) {
    if (cancel.cancelled) throw new CancelledError();
    const g = d.groups.get(group);
    let og = groups.get(group);
    if (!og) groups.set(group, (og = { name: g ? str(g[0]) : `group ${group}`, host: g ? hostOf(d, g[1]) : '', locations: [] }));
    const evt = members.get(`${archive}/${ref}.evt`);
    const def = members.get(`${archive}/${ref}.def`);
    const local = def ? readLocalDefs(await bytesOf(def), anchor.defChunk, d.offset) : null;
    if (def) onBytes(def.size);
    const name = str(nameRef);
    if (!evt || evt.size === 0) {
      empty.push(`${og.name}: ${name}`);
      continue;
    }
    let read;
    try {
      read = readLocationEvents(await bytesOf(evt), anchor.eventChunk, d.offset, local, offsetAttr, parentOf);
    } catch (e) {
      if (e instanceof Otf2Error) throw new FileFormatError(`${source.name}: ${archive}/${ref}.evt: ${e.message}`);
      throw e;
    }
    onBytes(evt.size);
    if (read.records === 0) {
      empty.push(`${og.name}: ${name}`);
      continue;
    }
    const events: Otf2Event[] = read.events.map((e) => {
      const h = e.handle >= 0 ? d.handles.get(e.handle) : undefined;
      const fileRef = h ? h.file : e.file;
      const fileName = fileRef !== UNDEFINED ? d.files.get(fileRef) : undefined;
      return {
        call: (e.region !== null ? str(d.regions.get(e.region) ?? UNDEFINED) : '') || kindName(e.kind, layerOf(h ? h.paradigm : e.paradigm)),
        fp: fileName !== undefined ? str(fileName) : h ? str(h.name) : '',
        layer: layerOf(h ? h.paradigm : e.paradigm),
        start: e.start / d.resolution,
        dur: (e.end - e.start) / d.resolution,
        size: e.bytes,
        offset: e.offset,
        parent: e.parent,
      };
    });
    og.locations.push({ ref, name, events, dropped: read.dropped, records: read.records });
  }
  const t0 = Number.isNaN(d.realtimeNs) ? null : d.realtimeNs / 1e9;
  return { anchor, t0, groups: [...groups.values()], empty };
}
