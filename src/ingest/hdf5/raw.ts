/**
 * Column-wise reading of HDF5 datasets through h5wasm's low-level calls: a slab of rows is read into the wasm
 * heap as raw bytes (file layout, little-endian), then one field at a time is decoded into a typed array.
 * No JS object per row (h5wasm's own `Dataset.value` builds one array per compound row).
 */
import type { Metadata } from 'h5wasm';
import { Hdf5FormatError, textDecoder, type H5Module } from './types';

export const H5T = { INTEGER: 0, FLOAT: 1, STRING: 3, COMPOUND: 6, ARRAY: 10 } as const;

/** Rows read per slab: bounds the wasm heap used while reading a big table. */
export const SLAB_ROWS = 1 << 19;

/** One scalar field of a 1-D dataset: a whole non-compound dataset, a compound member, or one element of
 * an array member (pandas `values_block_N` columns). */
export interface Field {
  name: string;
  ds: string;
  cls: 'int' | 'float' | 'string' | 'other';
  size: number;
  signed: boolean;
  vlen: boolean;
  utf8: boolean;
  spacepad: boolean;
  offset: number;
  /** Human description of the type, for messages: `<i8`, `<f8`, `S16`, `vlen str`, `compound` … */
  type: string;
}

export interface DatasetInfo {
  path: string;
  rows: number;
  rowSize: number;
  compound: boolean;
  anyVlen: boolean;
  /** Fields (members flattened; array members as `name[j]`). For a non-compound dataset, one field. */
  fields: Field[];
  /** Rank of the dataspace (1 for tables/columns). */
  rank: number;
  /** The filter pipeline (compression), in order. */
  filters: { id: number; name: string }[];
  /** Source file names of a virtual dataset ('.' = this file); empty for other datasets. */
  virtualSources: string[];
}

function describe(m: Metadata): string {
  if (m.type === H5T.INTEGER) return `${m.littleEndian ? '<' : '>'}${m.signed ? 'i' : 'u'}${m.size}`;
  if (m.type === H5T.FLOAT) return `${m.littleEndian ? '<' : '>'}f${m.size}`;
  if (m.type === H5T.STRING) return m.vlen ? 'vlen str' : `S${m.size}`;
  if (m.type === H5T.COMPOUND) return 'compound';
  if (m.type === H5T.ARRAY) return 'array';
  return `HDF5 class ${m.type}`;
}

function scalarField(name: string, ds: string, m: Metadata, offset: number): Field {
  const cls = m.type === H5T.INTEGER ? 'int' : m.type === H5T.FLOAT ? 'float' : m.type === H5T.STRING ? 'string' : 'other';
  const okSize = cls === 'int' ? [1, 2, 4, 8].includes(m.size) : cls === 'float' ? [4, 8].includes(m.size) : true;
  return {
    name,
    ds,
    cls: okSize ? cls : 'other',
    size: m.size,
    signed: m.signed,
    vlen: !!m.vlen,
    utf8: m.cset === 1,
    spacepad: m.strpad === 2,
    offset,
    type: describe(m),
  };
}

export function datasetInfo(h5: H5Module, fileId: bigint, path: string): DatasetInfo {
  const m = h5.Module.get_dataset_metadata(fileId, path);
  const shape = m.shape ?? [];
  const fields: Field[] = [];
  let anyVlen = false;
  if (m.type === H5T.COMPOUND && m.compound_type) {
    for (const mem of m.compound_type.members) {
      if (mem.type === H5T.ARRAY && mem.array_type) {
        const at = mem.array_type;
        const count = (at.shape ?? [1]).reduce((a, b) => a * b, 1);
        for (let j = 0; j < count; j++) {
          const f = scalarField(`${mem.name}[${j}]`, path, at, mem.offset + j * at.size);
          fields.push(f);
          anyVlen ||= f.vlen;
        }
      } else {
        const f = scalarField(mem.name, path, mem, mem.offset);
        fields.push(f);
        anyVlen ||= f.vlen;
      }
    }
  } else {
    const f = scalarField(path.replace(/^.*\//, ''), path, m, 0);
    fields.push(f);
    anyVlen = f.vlen;
  }
  const filters = h5.Module.get_dataset_filters(fileId, path).map((f) => ({ id: f.id, name: f.name }));
  const virtualSources = (m.virtual_sources ?? []).map((v) => v.file_name);
  const rows = shape.length ? shape[0] : 1;
  return { path, rows, rowSize: m.size, compound: m.type === H5T.COMPOUND, anyVlen, fields, rank: shape.length, filters, virtualSources };
}

/**
 * Reads rows [row0, row0 + count) of a 1-D dataset and hands the raw bytes to `use` (a DataView on the wasm
 * heap, valid only during the call; vlen strings are heap pointers, decode them with `readVlen` inside).
 */
export function withSlab(h5: H5Module, fileId: bigint, info: DatasetInfo, row0: number, count: number, displayName: string, use: (view: DataView, heap: Uint8Array) => void): void {
  const M = h5.Module;
  const nbytes = Math.max(1, count * info.rowSize);
  const ptr = M._malloc(nbytes);
  if (!ptr) throw new Hdf5FormatError(`${displayName}: out of memory reading ${info.path}`);
  let status = -1;
  try {
    status = M.get_dataset_data(fileId, info.path, [BigInt(count)], [BigInt(row0)], [1n], BigInt(ptr));
    if (status < 0) throw new Hdf5FormatError(`${displayName}: cannot read ${info.path} (the file is truncated or corrupt)`);
    const heap = M.HEAPU8;
    use(new DataView(heap.buffer, ptr, count * info.rowSize), heap);
  } finally {
    if (info.anyVlen && status >= 0) M.reclaim_vlen_memory_count(fileId, info.path, '', BigInt(ptr), [BigInt(count)]);
    M._free(ptr);
  }
}

/** Decodes a numeric field of `count` rows into `out[at..]` as float64 (int64 exactly up to 2^53). */
export function decodeNumbers(view: DataView, rowSize: number, f: Field, count: number, out: Float64Array, at: number): void {
  let p = f.offset;
  if (f.cls === 'float') {
    if (f.size === 8) for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getFloat64(p, true);
    else for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getFloat32(p, true);
    return;
  }
  switch (f.size) {
    case 8:
      for (let i = 0; i < count; i++, p += rowSize) {
        const hi = f.signed ? view.getInt32(p + 4, true) : view.getUint32(p + 4, true);
        out[at + i] = hi * 4294967296 + view.getUint32(p, true);
      }
      break;
    case 4:
      if (f.signed) for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getInt32(p, true);
      else for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getUint32(p, true);
      break;
    case 2:
      if (f.signed) for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getInt16(p, true);
      else for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getUint16(p, true);
      break;
    default:
      if (f.signed) for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getInt8(p);
      else for (let i = 0; i < count; i++, p += rowSize) out[at + i] = view.getUint8(p);
  }
}

const utf8 = textDecoder('utf-8');
const latin1 = textDecoder('latin1');

/**
 * Decodes a string field of `count` rows to string ids (`intern`) into `out[at..]`. Fixed-length strings:
 * trailing NULs (and spaces for space-padded types) stripped, UTF-8 (ASCII-declared strings are decoded as
 * UTF-8 too: pandas and h5py store UTF-8 bytes whatever the declared set). A row equal to the previous one
 * reuses its id without decoding.
 */
export function decodeStrings(h5: H5Module, view: DataView, heap: Uint8Array, rowSize: number, f: Field, count: number, intern: (s: string) => number, out: Uint32Array, at: number): void {
  const base = view.byteOffset;
  if (f.vlen) {
    let lastPtr = -1;
    let lastId = 0;
    for (let i = 0; i < count; i++) {
      const ptr = view.getUint32(f.offset + i * rowSize, true);
      if (ptr !== lastPtr) {
        lastPtr = ptr;
        lastId = intern(ptr === 0 ? '' : h5.Module.UTF8ToString(ptr));
      }
      out[at + i] = lastId;
    }
    return;
  }
  let prevStart = -1;
  let prevLen = -1;
  let prevId = 0;
  for (let i = 0; i < count; i++) {
    const s = base + f.offset + i * rowSize;
    let len = 0;
    while (len < f.size && heap[s + len] !== 0) len++;
    if (f.spacepad) while (len > 0 && heap[s + len - 1] === 0x20) len--;
    if (prevLen === len) {
      let same = true;
      for (let k = 0; k < len; k++) {
        if (heap[s + k] !== heap[prevStart + k]) {
          same = false;
          break;
        }
      }
      if (same) {
        out[at + i] = prevId;
        prevStart = s;
        continue;
      }
    }
    let ascii = true;
    for (let k = 0; k < len; k++) {
      if (heap[s + k] >= 0x80) {
        ascii = false;
        break;
      }
    }
    // decode from a copy: TextDecoder refuses views on a growable/shared wasm memory in some engines
    const bytes = heap.slice(s, s + len);
    prevId = intern(ascii ? latin1.decode(bytes) : utf8.decode(bytes));
    prevStart = s;
    prevLen = len;
    out[at + i] = prevId;
  }
}

/** Copies rows of a plain numeric dataset whose type matches `out` byte for byte (native layout). */
export function readTyped(h5: H5Module, fileId: bigint, info: DatasetInfo, out: Int32Array | Uint32Array | Uint16Array | Uint8Array | Float32Array | Float64Array, displayName: string, slab = SLAB_ROWS): void {
  const n = out.length;
  if (info.rows !== n) throw new Hdf5FormatError(`${displayName}: ${info.path} has ${info.rows} rows, expected ${n}`);
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  const w = out.BYTES_PER_ELEMENT;
  for (let r = 0; r < n; r += slab) {
    const c = Math.min(slab, n - r);
    withSlab(h5, fileId, info, r, c, displayName, (view, heap) => {
      bytes.set(heap.subarray(view.byteOffset, view.byteOffset + c * w), r * w);
    });
  }
}

/** Reads a 1-D string dataset whole (string tables: one JS string per distinct value, not per event). */
export function readStringList(h5: H5Module, fileId: bigint, path: string, displayName: string, slab = SLAB_ROWS): string[] {
  const info = datasetInfo(h5, fileId, path);
  const f = info.fields[0];
  if (info.compound || f.cls !== 'string') throw new Hdf5FormatError(`${displayName}: ${path} is ${f.type}, expected strings`);
  const list: string[] = new Array<string>(info.rows);
  const M = h5.Module;
  for (let r = 0; r < info.rows; r += slab) {
    const c = Math.min(slab, info.rows - r);
    withSlab(h5, fileId, info, r, c, displayName, (view, heap) => {
      const base = view.byteOffset;
      if (f.vlen) {
        const ptrs = new Uint32Array(heap.buffer, base, c); // wasm32 pointers, 4-byte aligned (malloc)
        for (let i = 0; i < c; i++) list[r + i] = ptrs[i] === 0 ? '' : M.UTF8ToString(ptrs[i]);
        return;
      }
      for (let i = 0; i < c; i++) {
        const s = base + i * f.size;
        let len = 0;
        while (len < f.size && heap[s + len] !== 0) len++;
        if (f.spacepad) while (len > 0 && heap[s + len - 1] === 0x20) len--;
        list[r + i] = utf8.decode(heap.slice(s, s + len));
      }
    });
  }
  return list;
}
