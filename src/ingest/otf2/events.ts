/**
 * One location's event file (`traces/<location>.evt`) → its I/O events (docs/FORMATS.md "OTF2"). Enter and
 * Leave keep the stack of regions (the I/O call a record belongs to: `open`, `pwrite64`,
 * `MPI_File_write_at_all`, `H5Dwrite`); each I/O record becomes one event: an operation from its
 * IoOperationBegin to the IoOperationComplete of the same handle and matching id, every other record
 * (IoCreateHandle, IoDestroyHandle, IoDuplicateHandle, IoSeek, IoChangeStatusFlags, IoDeleteFile, the I/O
 * locks) spanning the region it was recorded in. The `Offset` attribute (Score-P's, on IoOperationBegin)
 * gives the offset. Records of other kinds are skipped by their length; the singleton records by their one
 * compressed value.
 */
import { ATTRIBUTE_LIST, chunks, Cursor, END_OF_BUFFER, END_OF_CHUNK, END_OF_FILE, Otf2Error, TIMESTAMP, UNDEFINED } from './buffer';
import { mapped, MAP_ATTRIBUTE, MAP_IO_FILE, MAP_IO_HANDLE, MAP_REGION, type LocalDefs } from './defs';

/** One I/O event of a location, times in ticks since the global offset (clock offsets applied). */
export interface IoEvent {
  /** The region it was recorded in (null: none open). */
  region: number | null;
  /** The record kind for events recorded outside any region (`read`, `write`, `IoCreateHandle`, …). */
  kind: string;
  /** The global I/O handle (or -1: IoDeleteFile has a file and a paradigm instead). */
  handle: number;
  /** IoDeleteFile: its file and paradigm. */
  file: number;
  paradigm: number;
  start: number;
  /** End in ticks (NaN: unknown). */
  end: number;
  bytes: number;
  offset: number;
  /** The event of the layer above it serves, by the handles (linkParents): its index; -1: its handle has no
   * parent; UNMATCHED: it has one, and no event up the handle's chain holds it in time on this location. */
  parent: number;
}

export interface LocationEvents {
  events: IoEvent[];
  /** Counts of what was not turned into events: `unfinished-operation`, `cancelled-operation`. */
  dropped: Record<string, number>;
  /** Records read (events of every kind). */
  records: number;
}

/** IoEvent.parent of an event whose handle has a parent handle, when no event up the chain holds it. */
export const UNMATCHED = -2;

/** Event record types (OTF2_EventType) read here; the singletons carry one compressed value and no length. */
const ENTER = 12;
const LEAVE = 13;
const SINGLETONS = new Set([16, 17, 20, 21, 24, 28, 29, 30]);
const KIND: Record<number, string> = { 69: 'IoCreateHandle', 70: 'IoDestroyHandle', 71: 'IoDuplicateHandle', 72: 'IoSeek', 73: 'IoChangeStatusFlags', 74: 'IoDeleteFile', 80: 'IoAcquireLock', 81: 'IoReleaseLock', 82: 'IoTryLock' };
const MODE = ['read', 'write', 'flush'];

/** Per location: the clock correction OTF2 applies (linear between the offsets recorded at synchronisations). */
function clockCorrection(offsets: readonly [number, number][]): (t: number) => number {
  if (!offsets.length) return (t) => t;
  const iv = offsets.map(([t, o], k) => {
    const next = offsets[k + 1];
    return { begin: t, end: next ? next[0] : Infinity, offset: o, slope: next ? (next[1] - o) / (next[0] - t) : 0 };
  });
  // OTF2: intervals between consecutive offsets; times past the last interval use the last one
  const last = iv.length > 1 ? iv.length - 2 : 0;
  return (t) => {
    let k = 0;
    while (k < last && t > iv[k].end) k++;
    return Math.round(t + iv[k].slope * (t - iv[k].begin) + iv[k].offset);
  };
}

/** Reads the attribute list before a record; returns the Offset attribute's value (or NaN). */
function attributeOffset(c: Cursor, local: LocalDefs | null, offsetAttr: number): number {
  const r = c.take(c.recordLength());
  let offset = NaN;
  const n = r.uc();
  for (let i = 0; i < n; i++) {
    const id = mapped(local, MAP_ATTRIBUTE, r.uc());
    const type = r.u8();
    let v = NaN;
    if (type === 1 || type === 5) v = r.u8();
    else if (type === 2 || type === 6) v = r.u16();
    else if (type === 9) r.take(4);
    else if (type === 10) v = r.f64();
    else if (type === 7 || type === 8) v = r.ic();
    else v = r.uc(); // unsigned and every definition reference: compressed
    if (id === offsetAttr && v >= 0) offset = v;
  }
  return offset;
}

/**
 * The I/O events of one event file. `offsetAttr`: the global id of the `Offset` attribute (-1: none);
 * `parentOf(handle)`: the handle's parent handle (-1: none).
 */
export function readLocationEvents(bytes: Uint8Array, chunkSize: number, base: [number, number], local: LocalDefs | null, offsetAttr: number, parentOf: (h: number) => number): LocationEvents {
  const fix = clockCorrection(local?.clock ?? []);
  const events: IoEvent[] = [];
  const dropped: Record<string, number> = {};
  const drop = (k: string) => (dropped[k] = (dropped[k] ?? 0) + 1);
  // open regions (the region, its enter time, where its spanning events start in `spanning`)
  const regions: number[] = [];
  const enters: number[] = [];
  const marks: number[] = [];
  /** Events recorded in an open region that span it (their end is the region's Leave). */
  const spanning: IoEvent[] = [];
  /** Operations begun and not completed: handle → matching id → event. */
  const pending = new Map<number, Map<number, IoEvent>>();
  let npending = 0;
  const [baseHi, baseLo] = base;
  let records = 0;
  let time = 0;
  let offset = NaN;
  outer: for (const c of chunks(bytes, chunkSize)) {
    while (c.pos < c.end) {
      const type = c.u8();
      if (type === END_OF_CHUNK || type === END_OF_BUFFER) break;
      if (type === END_OF_FILE) break outer;
      if (type === TIMESTAMP) {
        time = fix(c.ticksSince(baseHi, baseLo));
        continue;
      }
      if (type === ATTRIBUTE_LIST) {
        offset = attributeOffset(c, local, offsetAttr);
        continue;
      }
      records++;
      const recordOffset = offset;
      offset = NaN;
      if (type === ENTER) {
        regions.push(mapped(local, MAP_REGION, c.uc()));
        enters.push(time);
        marks.push(spanning.length);
        continue;
      }
      if (type === LEAVE) {
        c.uc();
        if (regions.length) {
          regions.pop();
          enters.pop();
          const from = marks.pop()!;
          for (let i = from; i < spanning.length; i++) spanning[i].end = time;
          spanning.length = from;
        }
        continue;
      }
      if (SINGLETONS.has(type)) {
        c.uc();
        continue;
      }
      const length = c.recordLength();
      const end = c.pos + length;
      if (end > c.end) throw new Otf2Error(`record runs past its chunk (byte ${c.pos})`);
      const inRegion = regions.length > 0;
      const region = inRegion ? regions[regions.length - 1] : null;
      const ev = (kind: string, handle: number, start: number): IoEvent => ({ region, kind, handle, file: -1, paradigm: -1, start, end: NaN, bytes: NaN, offset: NaN, parent: -1 });
      if (type === 75) {
        // IoOperationBegin: handle, mode:u8, flags, bytes requested, matching id
        const handle = mapped(local, MAP_IO_HANDLE, c.uc());
        const mode = c.u8();
        c.uc();
        c.uc();
        const id = c.uc();
        const e = ev(MODE[mode] ?? 'io', handle, time);
        e.offset = recordOffset;
        events.push(e);
        let m = pending.get(handle);
        if (!m) pending.set(handle, (m = new Map()));
        if (!m.has(id)) npending++;
        m.set(id, e);
      } else if (type === 78 || type === 79) {
        // IoOperationComplete: handle, bytes, matching id; IoOperationCancelled: handle, matching id
        const handle = mapped(local, MAP_IO_HANDLE, c.uc());
        const bytesDone = type === 78 ? c.uc() : NaN;
        const id = c.uc();
        const m = pending.get(handle);
        const e = m?.get(id);
        if (e) {
          m!.delete(id);
          npending--;
          if (type === 79) {
            e.end = -1; // taken out below
            drop('cancelled-operation');
          } else {
            e.end = time;
            e.bytes = bytesDone === UNDEFINED ? NaN : bytesDone;
          }
        }
      } else if (KIND[type]) {
        const e = ev(KIND[type], type === 74 ? -1 : mapped(local, MAP_IO_HANDLE, c.uc()), inRegion ? enters[enters.length - 1] : time);
        if (type === 71) e.handle = mapped(local, MAP_IO_HANDLE, c.uc()); // the new handle
        if (type === 72) {
          c.ic();
          c.u8();
          const to = c.uc();
          e.offset = to === UNDEFINED ? NaN : to;
        }
        if (type === 74) {
          e.paradigm = c.u8();
          e.file = mapped(local, MAP_IO_FILE, c.uc());
        }
        events.push(e);
        if (inRegion) spanning.push(e);
      }
      c.pos = end;
    }
  }
  if (npending) {
    for (const m of pending.values()) {
      for (const e of m.values()) {
        e.end = -1;
        drop('unfinished-operation');
      }
    }
  }
  const kept = events.filter((e) => e.end !== -1);
  linkParents(kept, parentOf);
  return { events: kept, dropped, records };
}

/**
 * Links each event to the event of the layer above that it serves, by the handles (docs/FORMATS.md "OTF2"):
 * an event on handle H is the child of the event on H's parent handle (the I/O layer above: a POSIX handle's
 * MPI-IO handle, that one's HDF5 handle) that holds it in time on this location — the latest-starting event
 * of that handle that began no later and ended no earlier (or has no end). When none of the parent handle's
 * events holds it, the next handle up the chain is tried (a POSIX write that HDF5 issued outside any MPI-IO
 * call). A handle without a parent gives no link, however the times nest; a handle with one whose chain
 * holds no event gives `UNMATCHED`. Score-P records a handle's creation as its call returns, so the lower
 * layer's record comes first: the link is made after reading.
 */
function linkParents(events: IoEvent[], parentOf: (h: number) => number): void {
  const byHandle = new Map<number, number[]>();
  events.forEach((e, i) => {
    if (e.handle < 0) return;
    const l = byHandle.get(e.handle);
    if (l) l.push(i);
    else byHandle.set(e.handle, [i]);
  });
  /** The event of handle p's that holds e (-1: none). */
  const holder = (p: number, e: IoEvent): number => {
    const cands = byHandle.get(p);
    if (!cands) return -1;
    // the candidates in start order (records are in time order): the latest that began no later, walking
    // back (a bounded number of steps) to one that also ended no earlier
    let lo = 0;
    let hi = cands.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[cands[mid]].start <= e.start) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo - 1; k >= 0 && k >= lo - 64; k--) {
      const q = events[cands[k]];
      if (q !== e && (Number.isNaN(q.end) || Number.isNaN(e.end) || q.end >= e.end)) return cands[k];
    }
    return -1;
  };
  for (const e of events) {
    let p = e.handle >= 0 ? parentOf(e.handle) : -1;
    if (p < 0) continue;
    e.parent = UNMATCHED;
    // up the chain (bounded: a cycle of parents in a damaged trace ends it)
    for (let hops = 0; p >= 0 && hops < 16; hops++) {
      const j = holder(p, e);
      if (j >= 0) {
        e.parent = j;
        break;
      }
      p = parentOf(p);
    }
  }
}
