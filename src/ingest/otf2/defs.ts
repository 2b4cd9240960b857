/**
 * The anchor file and the definitions of an OTF2 archive (docs/FORMATS.md "OTF2"): the anchor's header
 * (version, chunk sizes, file substrate, compression), the global definitions this importer uses (strings,
 * clock, system tree, location groups, locations, regions, attributes, I/O paradigms, files and handles) and
 * each location's local definitions (mapping tables from the location's own ids to the global ones, clock
 * offsets). Every other definition record is skipped by its length.
 */
import { chunks, Cursor, END_OF_BUFFER, END_OF_CHUNK, END_OF_FILE, Otf2Error, UNDEFINED } from './buffer';

export interface Anchor {
  version: string;
  eventChunk: number;
  defChunk: number;
  /** 1 POSIX, 2 SIONlib, 3 none (OTF2_FileSubstrate). */
  substrate: number;
  /** 1 none, 2 zlib (OTF2_Compression). */
  compression: number;
  locations: number;
}

/** The anchor file: `03 E "OTF2\0" format traceFormat major minor bugfix chunkEvt:u64 chunkDef:u64 substrate compression …`. */
export function readAnchor(bytes: Uint8Array): Anchor {
  const c = new Cursor(bytes, 2, bytes.length, bytes[1] !== 0x23);
  if (c.str() !== 'OTF2') throw new Otf2Error('not an OTF2 anchor file');
  c.u8(); // anchor format
  c.u8(); // trace format
  const version = `${c.u8()}.${c.u8()}.${c.u8()}`;
  const [eh, el] = c.u64Parts();
  const [dh, dl] = c.u64Parts();
  const substrate = c.u8();
  const compression = c.u8();
  const [lh, ll] = c.u64Parts();
  return { version, eventChunk: eh * 2 ** 32 + el, defChunk: dh * 2 ** 32 + dl, substrate, compression, locations: lh * 2 ** 32 + ll };
}

/** A sniff of the anchor's head: `03 42|23 O T F 2 00`. */
export function isOtf2Anchor(head: Uint8Array): boolean {
  const m = [0x4f, 0x54, 0x46, 0x32, 0];
  if (head.length < 7 || head[0] !== 3 || (head[1] !== 0x42 && head[1] !== 0x23)) return false;
  for (let i = 0; i < 5; i++) if (head[2 + i] !== m[i]) return false;
  return true;
}

export interface IoHandleDef {
  name: number;
  file: number;
  paradigm: number;
  parent: number;
}

export interface GlobalDefs {
  strings: Map<number, string>;
  /** Ticks per second, the first tick [hi, lo], the realtime of that tick in ns since 1970 (NaN: none). */
  resolution: number;
  offset: [number, number];
  realtimeNs: number;
  /** System tree node → [name, class name, parent]. */
  nodes: Map<number, [number, number, number]>;
  /** Location group → [name, system tree parent]. */
  groups: Map<number, [number, number]>;
  /** Location → [name, group, number of events]; in definition order. */
  locations: Map<number, [number, number, number]>;
  regions: Map<number, number>;
  attributes: Map<number, number>;
  /** I/O paradigm → [identification, name]. */
  paradigms: Map<number, [number, number]>;
  files: Map<number, number>;
  handles: Map<number, IoHandleDef>;
  /** Definition records skipped (kinds this importer does not use). */
  skipped: number;
}

/** Each record of a (chunked) definition file: its type and a cursor over its data. */
function* records(bytes: Uint8Array, chunkSize: number): Generator<[number, Cursor]> {
  for (const c of chunks(bytes, chunkSize)) {
    while (c.pos < c.end) {
      const type = c.u8();
      if (type === END_OF_CHUNK || type === END_OF_BUFFER) break;
      if (type === END_OF_FILE) return;
      yield [type, c.take(c.recordLength())];
    }
  }
}

/** The global definitions (`traces.def`). */
export function readGlobalDefs(bytes: Uint8Array, chunkSize: number): GlobalDefs {
  const d: GlobalDefs = {
    strings: new Map(),
    resolution: 1,
    offset: [0, 0],
    realtimeNs: NaN,
    nodes: new Map(),
    groups: new Map(),
    locations: new Map(),
    regions: new Map(),
    attributes: new Map(),
    paradigms: new Map(),
    files: new Map(),
    handles: new Map(),
    skipped: 0,
  };
  for (const [type, r] of records(bytes, chunkSize)) {
    switch (type) {
      case 5: {
        // ClockProperties: resolution, global offset, trace length[, realtime (OTF2 ≥ 3.0)]
        d.resolution = r.uc();
        d.offset = r.ucParts();
        r.uc();
        if (r.pos < r.end) {
          const t = r.uc();
          if (t > 0) d.realtimeNs = t;
        }
        break;
      }
      case 8: // IoParadigm: self:u8, identification, name, …
        d.paradigms.set(r.u8(), [r.uc(), r.uc()]);
        break;
      case 10: // String
        d.strings.set(r.uc(), r.str());
        break;
      case 11: // Attribute: self, name, type, description
        d.attributes.set(r.uc(), r.uc());
        break;
      case 12: // SystemTreeNode: self, name, class name, parent
        d.nodes.set(r.uc(), [r.uc(), r.uc(), r.uc()]);
        break;
      case 13: {
        // LocationGroup: self, name, type:u8, system tree parent
        const self = r.uc();
        const name = r.uc();
        r.u8();
        d.groups.set(self, [name, r.uc()]);
        break;
      }
      case 14: {
        // Location: self:u64, name, type:u8, number of events:u64, group
        const self = r.uc();
        const name = r.uc();
        r.u8();
        const events = r.uc();
        d.locations.set(self, [name, r.uc(), events]);
        break;
      }
      case 15: // Region: self, name, …
        d.regions.set(r.uc(), r.uc());
        break;
      case 38: // IoRegularFile: self, name, scope
      case 39: // IoDirectory
        d.files.set(r.uc(), r.uc());
        break;
      case 40: {
        // IoHandle: self, name, file, paradigm:u8, flags, comm, parent
        const self = r.uc();
        const name = r.uc();
        const file = r.uc();
        const paradigm = r.u8();
        r.uc();
        r.uc();
        d.handles.set(self, { name, file, paradigm, parent: r.uc() });
        break;
      }
      default:
        d.skipped++;
    }
  }
  return d;
}

/** OTF2_MappingType values of the refs events carry. */
export const MAP_STRING = 0;
export const MAP_ATTRIBUTE = 1;
export const MAP_REGION = 3;
export const MAP_IO_FILE = 12;
export const MAP_IO_HANDLE = 13;

export interface LocalDefs {
  /** Mapping type → local id → global id (Score-P writes events with its processes' own ids). */
  maps: Map<number, Map<number, number>>;
  /** Clock offsets [time in ticks since the global offset, offset in ticks]. */
  clock: [number, number][];
}

/** A location's local definitions (`traces/<location>.def`). */
export function readLocalDefs(bytes: Uint8Array, chunkSize: number, base: [number, number]): LocalDefs {
  const d: LocalDefs = { maps: new Map(), clock: [] };
  for (const [type, r] of records(bytes, chunkSize)) {
    if (type === 5) {
      // MappingTable: mapping type:u8, then the id map: size:u64, mode:u8 (0 dense, 1 sparse), ids
      const kind = r.u8();
      const size = r.uc();
      const sparse = r.u8() === 1;
      const m = d.maps.get(kind) ?? new Map<number, number>();
      for (let i = 0; i < size; i++) {
        const local = sparse ? r.uc() : i;
        m.set(local, r.uc());
      }
      d.maps.set(kind, m);
    } else if (type === 6) {
      // ClockOffset: time (a full 8-byte timestamp), offset:i64, standard deviation:f64
      const [th, tl] = r.u64Parts();
      d.clock.push([(th - base[0]) * 2 ** 32 + (tl - base[1]), r.ic()]);
    }
  }
  return d;
}

/** The global id of a local one (unchanged without a mapping of that kind, as OTF2 does). */
export function mapped(local: LocalDefs | null, kind: number, id: number): number {
  if (id === UNDEFINED || !local) return id;
  const m = local.maps.get(kind);
  if (!m) return id;
  return m.get(id) ?? id;
}
