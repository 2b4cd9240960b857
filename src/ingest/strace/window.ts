/**
 * The strace parser's line splitter when WebAssembly runs (docs/ARCHITECTURE.md "The strace line scan"):
 * the bytes go through the thread's WebAssembly window (wasm/linescan.ts), which finds the line ends and
 * scans each line of a common form into a record; the parser takes a record as a scanned line (recorded)
 * and every other line as LineSplitter hands it (line). Also the in-place reads (intake/took) and the
 * parser's maps of the thread tables' name and annotation ids.
 */
import { LineSplitter, MAX_LINE } from './lines';
import { K_FRAME, LineScanner } from './scan';
import { R_E, R_KIND, R_NAMEID, R_S, type WasmLineScan, wasmLineScan } from './wasm/linescan';

export abstract class WindowedSplitter extends LineSplitter {
  /** The one scanner of the parser: loaded from records, or scanning a line itself. */
  protected readonly sc = new LineScanner();
  /** Null: every line is scanned in JavaScript (no WebAssembly here, or asked so). */
  protected readonly wasm: WasmLineScan | null;
  /** The call id and the path id of each name and annotation id of the thread's tables (-1: not met yet), in `generation`. */
  protected callOfName: Int32Array | null = null;
  protected fpOfAnn: Int32Array | null = null;
  /** The parser's frame id of each frame id of the thread's frame table (-1: not met yet), in `generation`. */
  protected frameOfId: Int32Array | null = null;
  private generation = -1;
  private intakeAt = 0;
  /** This splitter's token for `inPlace`. */
  private readonly id = ++parsers;

  constructor(useWasm: boolean) {
    super();
    this.wasm = useWasm ? wasmLineScan() : null;
  }

  /** Whether the next line may be taken from its record (false: it must come through line(), e.g. it continues a spliced call). */
  protected abstract recordable(): boolean;
  /** A line [s, e) of b of a common form, its fields loaded into sc. */
  protected abstract recorded(b: Uint8Array, s: number, e: number): void;
  /** A stack frame line [s, e) of b (` > FRAME`, strace -k); `id`: its text's id in the thread's frame table (-1: none). */
  protected abstract frameLine(b: Uint8Array, s: number, e: number, id: number): void;

  protected override buffersChanged(): void {
    this.sc.forgetQuotes();
  }

  /**
   * The lines of chunk[pos, n): copied into the WebAssembly window a window at a time and scanned there;
   * a line of a common form (call, unfinished, resumed) comes back scanned, any other is scanned here (line()).
   */
  protected override lines(chunk: Uint8Array, pos: number, n: number): number {
    const w = this.wasm;
    if (w === null) return super.lines(chunk, pos, n);
    const { win, size } = w;
    inPlace = 0;
    while (pos < n) {
      const len = Math.min(n - pos, size);
      win.set(chunk.subarray(pos, pos + len));
      const at = this.scanWindow(w, len);
      pos += at;
      if (len < size) break; // the rest is a partial line
      if (at === 0) {
        // a line longer than the window
        const nl = chunk.indexOf(10, pos);
        if (nl < 0) break;
        this.overlongLine(chunk, pos);
        pos = nl + 1;
      }
    }
    return pos;
  }

  /** Passes on the complete lines of the window's first len bytes; returns where the last one ended. */
  private scanWindow(w: WasmLineScan, len: number): number {
    w.win.fill(0, len, len + 8);
    this.buffersChanged();
    // the thread's tables of names and annotations: emptied when ¾ full (a run of millions of distinct paths),
    // and the ids this parser knows are then forgotten
    if (w.fill() >= 75) w.reset();
    if (this.generation !== w.generation()) {
      this.generation = w.generation();
      (this.callOfName ??= new Int32Array(w.nameCap)).fill(-1);
      (this.fpOfAnn ??= new Int32Array(w.annCap)).fill(-1);
      if (this.frameOfId !== null) this.frameOfId.fill(-1);
    }
    let at = 0;
    for (;;) {
      const k = w.scan(at, len);
      this.records(w, k);
      at = w.consumed();
      if (k < w.max) return at;
    }
  }

  /**
   * Reading in place (a source with a synchronous `reader`, the CLI's files): the buffer to read the next
   * bytes of the file into — the WebAssembly window after the carried start of a line — or null when the
   * bytes must come through push() (no WebAssembly, before the first push, a file with lone-CR line ends, a
   * line already longer than MAX_LINE). Read into it at once, then call took(): the window is the thread's.
   */
  intake(max: number): Uint8Array | null {
    const w = this.wasm;
    if (w === null || !this.begun || this.finished || !this.endsKnown || this.crOnly) return null;
    const c = this.takeCarry(w.win);
    if (c < 0) return null;
    this.intakeAt = c;
    inPlace = this.id;
    return w.win.subarray(c, Math.min(w.size, c + max));
  }

  /** n bytes (0 at the end of the file) were read into the buffer intake() gave: the next bytes of the file. */
  took(n: number): void {
    const w = this.wasm;
    if (w === null || inPlace !== this.id) throw new Error('took: no intake() of this parser before it (the window was used since)');
    inPlace = 0;
    this.bytes += n;
    const len = this.intakeAt + n;
    const at = this.scanWindow(w, len);
    // the rest is the start of a line (the whole window: a line longer than MAX_LINE, carried as such)
    if (at < len) this.append(w.win, at, len);
  }

  /**
   * The k records of a scan. The loop is alone in its function: V8 optimises it while it runs (on-stack
   * replacement), and code after it would have no type feedback then (docs/ARCHITECTURE.md "Per-event loops").
   */
  private records(w: WasmLineScan, k: number): void {
    const { win, rec, recF, stride } = w;
    this.sc.loading(win, w.view);
    for (let r = 0, o = 0; r < k; r++, o += stride) {
      const s = rec[o + R_S];
      const e = rec[o + R_E];
      const kind = rec[o + R_KIND];
      // the one limit (docs/FORMATS.md "Lines"), whatever the window holds: a line read in place into the
      // 4 MiB window is refused at MAX_LINE as a pushed one is
      if (e - s > MAX_LINE) this.overlongLine(win, s);
      else if (kind === K_FRAME) this.frameLine(win, s, e, rec[o + R_NAMEID]);
      else if (kind !== 0 && this.recordable()) {
        this.sc.load(win, rec, recF, o);
        this.recorded(win, s, e);
      } else this.line(win, s, e, false);
    }
  }
}

/** The id of the splitter whose intake() handed out the window and has not had its took() yet (0: none; a push clears it). */
let inPlace = 0;
let parsers = 0;
