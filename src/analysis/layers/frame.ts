/**
 * One frame of a strace -k stack, read from its text (docs/FORMATS.md "Stacks"): the forms strace prints,
 * `BINARY(SYMBOL+0xOFF) [0xADDR]`, `BINARY() [0xADDR]`, the same with ` FILE:LINE` after them (strace ≥ 6.10
 * `-kk`), and errors (`unexpected_backtracing_error [0xADDR]`, `too many stack frames`).
 */

export interface Frame {
  /** The binary's path as strace printed it ('' for an error). */
  bin: string;
  /** Its base name (`libc.so.6`, `layers_c`). */
  base: string;
  /** The symbol ('' when the frame has none). */
  sym: string;
  /** Offset in the symbol, hex digits ('' without a symbol). */
  off: string;
  /** The address strace printed (an offset in the binary), hex digits ('' for an error without one). */
  addr: string;
  /** Source file and line (strace -kk), else '' and 0. */
  file: string;
  line: number;
  /** An unwinding error's text (`unexpected_backtracing_error`), else ''. */
  error: string;
  /** A program binary: not a shared object (`*.so`, `*.so.N`), not the dynamic loader, not an error. */
  program: boolean;
}

const WITH_SYM = /^(.*?)\((.*)\+0x([0-9a-fA-F]+)\) \[0x([0-9a-fA-F]+)\](?: (.+):(\d+))?$/;
const NO_SYM = /^(.*)\(\) \[0x([0-9a-fA-F]+)\](?: (.+):(\d+))?$/;
const ERROR_AT = /^(\S+) \[0x([0-9a-fA-F]+)\]$/;

const baseName = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
/** A shared object or the loader: `libc.so.6`, `mca_io_ompio.so`, `ld-linux-x86-64.so.2`, `[vdso]`. */
const isShared = (base: string): boolean => /\.so(\.[\d.]+)?$/.test(base) || /^ld[-.]/.test(base) || base.startsWith('[');

function frame(bin: string, sym: string, off: string, addr: string, file: string, line: string | undefined): Frame {
  const base = baseName(bin);
  return { bin, base, sym, off, addr, file, line: line ? Number(line) : 0, error: '', program: bin !== '' && !isShared(base) };
}

/** The parts of a frame's text (what strace -k prints after ` > `). */
export function parseFrame(text: string): Frame {
  let m = WITH_SYM.exec(text);
  if (m) return frame(m[1], m[2], m[3], m[4], m[5] ?? '', m[6]);
  m = NO_SYM.exec(text);
  if (m) return frame(m[1], '', '', m[2], m[3] ?? '', m[4]);
  m = ERROR_AT.exec(text);
  const error = m ? m[1] : text;
  return { bin: '', base: '', sym: '', off: '', addr: m ? m[2] : '', file: '', line: 0, error, program: false };
}

/**
 * A frame as a call site: `write_stdio (layers_c+0x124b)`, or with a source line `write_stdio (app.c:42)`;
 * `layers_c+0x124b` without a symbol; the error's text for an error.
 */
export function siteName(f: Frame): string {
  if (f.error) return f.error;
  const where = f.file ? `${baseName(f.file)}:${f.line}` : `${f.base}+0x${f.addr}`;
  return f.sym ? `${f.sym} (${where})` : where;
}

/** A frame as a library entry: its symbol (`H5Dwrite`, `fwrite`), else `libhdf5.so.103+0x1f7ea0`. */
export function entryName(f: Frame): string {
  if (f.error) return f.error;
  return f.sym || `${f.base}+0x${f.addr}`;
}
