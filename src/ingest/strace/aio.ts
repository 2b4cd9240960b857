/**
 * The libaio requests of an `io_submit` line (docs/FORMATS.md "libaio requests"): strace prints each iocb
 * of the third argument as `{aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=7</data>, aio_buf=…,
 * aio_nbytes=4096, aio_offset=249856}`; each one becomes an event of its own (`aio_pread` …) on the file,
 * with its size and offset. Read from the line's bytes, only for io_submit lines (rare: the common lines
 * never come here).
 */
import type { NameTables } from './names';

/** The event's call name per IOCB_CMD_* opcode strace names (the others, POLL and NOOP, move no data). */
const OPCODES: Record<string, string> = {
  IOCB_CMD_PREAD: 'aio_pread',
  IOCB_CMD_PWRITE: 'aio_pwrite',
  IOCB_CMD_PREADV: 'aio_preadv',
  IOCB_CMD_PWRITEV: 'aio_pwritev',
  IOCB_CMD_FSYNC: 'aio_fsync',
  IOCB_CMD_FDSYNC: 'aio_fdsync',
};

/** The calls of aio events that read, and that write (their size is bytes moved). */
export const AIO_READS: readonly string[] = ['aio_pread', 'aio_preadv'];
export const AIO_WRITES: readonly string[] = ['aio_pwrite', 'aio_pwritev'];

export interface Iocb {
  /** The event's call name (aio_pread …). */
  call: string;
  /** The fd annotation's text range [annS, annE) (after `<`, before `>`), or -1 without one (no -y). */
  annS: number;
  annE: number;
  /** aio_nbytes and aio_offset (NaN when not printed, e.g. the vectored opcodes print an iovec count). */
  nbytes: number;
  offset: number;
}

/** A decimal integer at b[i…) (optionally negative), or NaN; `end` receives where it stops. */
function intAt(b: Uint8Array, i: number, e: number, end: { at: number }): number {
  let neg = false;
  if (i < e && b[i] === 0x2d) {
    neg = true;
    i++;
  }
  const s = i;
  let v = 0;
  while (i < e && b[i] >= 0x30 && b[i] <= 0x39) v = v * 10 + (b[i++] - 0x30);
  end.at = i;
  return i === s ? NaN : neg ? -v : v;
}

function startsWith(b: Uint8Array, i: number, e: number, w: string): boolean {
  if (i + w.length > e) return false;
  for (let k = 0; k < w.length; k++) if (b[i + k] !== w.charCodeAt(k)) return false;
  return true;
}

/**
 * The iocbs of an io_submit argument text [s, e) (`ctx, nr, [{…}, {…}]`), in order; at most `max` (the
 * call's return value: the number of requests the kernel took). Quoted buffers (aio_buf="…") are skipped
 * whatever they hold.
 */
export function parseIocbs(b: Uint8Array, s: number, e: number, max = Infinity): Iocb[] {
  const out: Iocb[] = [];
  let depth = 0; // [ and { nesting
  let cur: Iocb | null = null;
  const end = { at: 0 };
  for (let i = s; i < e && out.length < max; i++) {
    const c = b[i];
    if (c === 0x22) {
      // a quoted string: to its closing quote (backslash escapes)
      i++;
      while (i < e && b[i] !== 0x22) i += b[i] === 0x5c ? 2 : 1;
      continue;
    }
    if (c === 0x5b || c === 0x7b) {
      depth++;
      // an iocb: a { directly inside the argument's list (depth 2 after its [)
      if (c === 0x7b && depth === 2) cur = { call: '', annS: -1, annE: -1, nbytes: NaN, offset: NaN };
      continue;
    }
    if (c === 0x5d || c === 0x7d) {
      if (c === 0x7d && depth === 2 && cur !== null) {
        if (cur.call) out.push(cur);
        cur = null;
      }
      depth--;
      continue;
    }
    if (cur === null || depth !== 2 || c !== 0x61 || (b[i - 1] !== 0x7b && b[i - 1] !== 0x20)) continue; // 'a' of a key
    if (startsWith(b, i, e, 'aio_lio_opcode=')) {
      let k = i + 15;
      const w = k;
      while (k < e && ((b[k] >= 0x41 && b[k] <= 0x5a) || b[k] === 0x5f)) k++;
      cur.call = OPCODES[String.fromCharCode(...b.subarray(w, k))] ?? '';
      i = k - 1;
    } else if (startsWith(b, i, e, 'aio_fildes=')) {
      intAt(b, i + 11, e, end);
      let k = end.at;
      if (k < e && b[k] === 0x3c) {
        const a = k + 1;
        while (k < e && b[k] !== 0x3e) k++;
        cur.annS = a;
        cur.annE = k;
      }
      i = k;
    } else if (startsWith(b, i, e, 'aio_nbytes=')) {
      cur.nbytes = intAt(b, i + 11, e, end);
      i = end.at - 1;
    } else if (startsWith(b, i, e, 'aio_offset=')) {
      cur.offset = intAt(b, i + 11, e, end);
      i = end.at - 1;
    }
  }
  return out;
}

/** An iocb as the parser keeps it: the (call, fp) pair of its event, its fp, size and offset. */
export interface AioRequest {
  pair: number;
  fp: number;
  nbytes: number;
  offset: number;
}

/** The requests of an io_submit argument text [s, e), at most `max`, with their ids in the parser's tables. */
export function aioRequests(nt: NameTables, b: Uint8Array, s: number, e: number, max: number): AioRequest[] {
  return parseIocbs(b, s, e, max).map((q) => {
    const fp = q.annS >= 0 ? nt.pathId(b, q.annS, q.annE) : 0;
    return { pair: nt.pairOf(nt.callByName(q.call), fp), fp, nbytes: q.nbytes, offset: q.offset };
  });
}

/** The fp the io_submit event itself is on: its requests' file when they share one, else `fp`. */
export function submitFp(reqs: readonly AioRequest[], fp: number): number {
  if (!reqs.length) return fp;
  const f = reqs[0].fp;
  for (const r of reqs) if (r.fp !== f) return fp;
  return f;
}
