/**
 * The fields of a scanned strace line (scan.ts LineScanner sets them from the line's bytes), and the same
 * fields taken from a record of the WebAssembly scan (wasm/linescan.ts, layout in wasm/linescanRecord.ts).
 */
import { AnnotationSkipper } from './annotations';
import * as R from './wasm/linescanRecord';
import { K_BAD, K_RESUMED, SP_NONE, TS_CLOCK, TS_NONE } from './lex';

export class ScannedLine extends AnnotationSkipper {
  kind = K_BAD;
  /** -1 when the line has no pid. */
  pid = -1;
  /** 0 none, 1 `N `, 2 `[pid N]`. */
  pidKind = 0;
  tsKind = TS_NONE;
  ts = 0;
  /** Digits after the seconds' dot (clock and float timestamps). */
  tsDigits = 0;
  /** `(+ delta)` present (-r combined with -t/-tt/-ttt). */
  tsPlus = false;
  nameS = 0;
  nameE = 0;
  /** Where the arguments (or the resumed rest) start. */
  argsS = 0;
  /** End of the arguments: the `)` of a complete call, the `<unfinished` of an unfinished one. */
  argsE = 0;
  /** The `)` of the last top-level `) = `, or -1. */
  closeAt = -1;
  /** Where the result starts (after `= `). */
  resAt = 0;
  // Byte ranges below are flat start/end number fields, alike on purpose (not {s, e} objects): the one
  // scanner is reused for every line and allocates nothing.
  /** First top-level fd annotation (`3<...>`): content range, device suffix cut; fpS = -1 if none. */
  fpS = -1;
  fpE = -1;
  /** First top-level annotation after any name or number (incl. `AT_FDCWD<...>`). */
  annS = -1;
  annE = -1;
  retQ = false;
  /** Decimal return value, NaN when not decimal. */
  retVal = NaN;
  retAnnS = -1;
  retAnnE = -1;
  errS = -1;
  errE = -1;
  special = SP_NONE;
  dur = NaN;
  /** K_SPLICED: where the strace message starts. */
  spliceAt = -1;
  /**
   * K_UNFINISHED cut by a stack frame (strace -k printing another thread's stack in the middle of this call's
   * line, without `<unfinished ...>`): where the frame's text starts, else -1.
   */
  frameAt = -1;
  /** pid of a `strace: Process N attached` message (in a K_MESSAGE or K_SPLICED line), else -1. */
  attached = -1;
  /** The line had a call name followed by `(` (used by the content sniffer on a partial line). */
  callStart = false;
  /** End of the last byte of the line considered "complete" checks (signal/exit terminators). */
  terminated = false;
  /** Path id of the fp annotation when it matched the fd cache, else -1 (set with fpS). */
  fpId = -1;
  /** WebAssembly-scanned lines: the ids of the call name and of the fp annotation's bytes in the thread's tables (wasm/linescan.ts), else -1. */
  nameIdx = -1;
  annIdx = -1;
  /** WebAssembly-scanned lines: the fd before the fp annotation (-1: none); else -2 (not computed). */
  fpFd = -2;
  /** fd number → the last fp annotation bytes seen for it and their path id (filled by the parser). */
  readonly fdKey: Uint8Array[] = [];
  readonly fdId: number[] = [];
  /** A DataView of each fdKey (compared 4 bytes at a time). */
  readonly fdView: DataView[] = [];

  /**
   * Before load(): b is the buffer of the records that follow (the WebAssembly window), dv a DataView of it.
   * Set each time, without a test: a branch taken only by a parser's first batch would throw the optimised
   * record loop away when the next parser starts.
   */
  loading(b: Uint8Array, dv: DataView): void {
    this.useView(b, dv);
  }

  /**
   * Takes a line of a common form (a call, unfinished or resumed) that the WebAssembly scan read
   * (wasm/linescan.ts: record at int32 index o of r, its doubles in f): every field scan() sets for it, then
   * the fd cache's path id.
   */
  load(b: Uint8Array, r: Int32Array, f: Float64Array, o: number): void {
    const d = o >> 1;
    const kind = (this.kind = r[o + R.R_KIND]);
    this.pid = r[o + R.R_PID];
    this.pidKind = r[o + R.R_PIDKIND];
    this.tsKind = TS_CLOCK;
    this.ts = f[d + R.D_TS];
    this.tsDigits = 6;
    this.tsPlus = false;
    this.nameS = r[o + R.R_NAMES];
    this.nameE = r[o + R.R_NAMEE];
    this.argsS = r[o + R.R_ARGSS];
    this.argsE = r[o + R.R_ARGSE];
    this.closeAt = r[o + R.R_CLOSEAT];
    this.resAt = r[o + R.R_RESAT];
    const fpS = (this.fpS = r[o + R.R_FPS]);
    const fpE = (this.fpE = r[o + R.R_FPE]);
    this.annS = r[o + R.R_ANNS];
    this.annE = r[o + R.R_ANNE];
    this.retQ = false;
    this.retVal = f[d + R.D_RET];
    this.retAnnS = r[o + R.R_RETANNS];
    this.retAnnE = r[o + R.R_RETANNE];
    this.errS = r[o + R.R_ERRS];
    this.errE = r[o + R.R_ERRE];
    this.special = r[o + R.R_SPECIAL];
    this.dur = f[d + R.D_DUR];
    this.spliceAt = -1;
    this.frameAt = -1;
    this.attached = -1;
    this.callStart = kind !== K_RESUMED;
    this.terminated = false;
    this.fpId = -1;
    this.nameIdx = r[o + R.R_NAMEID];
    const annIdx = (this.annIdx = r[o + R.R_ANNID]);
    const fd = (this.fpFd = r[o + R.R_FD]);
    if (fpS >= 0 && annIdx < 0) {
      // the fd cache (as skipAnnCmp): the kept content equals the last bytes seen for this fd
      const key = fd >= 0 && fd < 1000 ? this.fdKey[fd] : undefined; // the cache's fds (fdBefore)
      if (key !== undefined && key.length === fpE - fpS && this.sameBytes(b, fpS, key, this.fdView[fd])) this.fpId = this.fdId[fd];
    }
  }
}
