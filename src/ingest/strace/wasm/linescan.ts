/**
 * The WebAssembly line scan (linescan.c, built into linescanModule.ts by tools/build-linescan.mjs): one
 * instance per thread, made on first use. Null where WebAssembly is not available (the parser then scans
 * every line in JavaScript). docs/ARCHITECTURE.md "The WebAssembly line scan".
 */
import { LINESCAN_WASM } from './linescanModule';

// The core tsconfig has no DOM or Node types: the little of WebAssembly and atob used here.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
};
declare function atob(s: string): string;

/** The record fields (R_*: int32 index in a record; the doubles at float64 index (o >> 1) + D_*), generated
 * from their one definition, tools/linescan-record.mjs, which linescan.c's header is generated from too. */
export * from './linescanRecord';

export interface WasmLineScan {
  /** The window: a chunk's bytes are copied here to be scanned (`size` bytes and a few spare). */
  readonly win: Uint8Array;
  /** A DataView of win. */
  readonly view: DataView;
  readonly size: number;
  /** The records, as int32 and as float64 (the same memory). */
  readonly rec: Int32Array;
  readonly recF: Float64Array;
  /** int32 per record. */
  readonly stride: number;
  /** Records per scan call at most. */
  readonly max: number;
  /** Scans the complete lines of win[from, n): the number of records written. */
  scan(from: number, n: number): number;
  /** Where the last scan stopped (after the last newline it read). */
  consumed(): number;
  /** How many names and annotations the tables hold at most (ids are below). */
  readonly nameCap: number;
  readonly annCap: number;
  /** How many distinct frames (strace -k) the frame table holds at most. */
  readonly frameCap: number;
  /** How full the fullest table is, in percent. */
  fill(): number;
  /** Empties the tables: a new generation (a parser forgets its map of the ids of another). */
  reset(): void;
  generation(): number;
}

let made: WasmLineScan | null | undefined;

/** This thread's WebAssembly line scan, or null. */
export function wasmLineScan(): WasmLineScan | null {
  if (made !== undefined) return made;
  made = null;
  try {
    if (typeof WebAssembly === 'undefined') return null;
    const text = atob(LINESCAN_WASM);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const x = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as Record<string, () => number> & {
      memory: { buffer: ArrayBuffer };
      scan: (from: number, n: number) => number;
    };
    const buf = x.memory.buffer;
    const size = x.window_size();
    const stride = x.stride();
    const max = x.max_records();
    made = {
      win: new Uint8Array(buf, x.window_ptr(), size + 64),
      view: new DataView(buf, x.window_ptr(), size + 64),
      size,
      rec: new Int32Array(buf, x.records_ptr(), max * stride),
      recF: new Float64Array(buf, x.records_ptr(), (max * stride) / 2),
      stride,
      max,
      scan: x.scan,
      consumed: x.consumed_bytes,
      nameCap: x.name_cap(),
      annCap: x.ann_cap(),
      frameCap: x.frame_cap(),
      fill: x.fill,
      reset: x.reset as () => void,
      generation: x.generation,
    };
  } catch {
    made = null; // e.g. a context whose WebAssembly was taken away: the JavaScript scanner does it all
  }
  return made;
}
