import { K_BAD, K_FRAME, K_SPLICED, LineScanner } from './scan';

/**
 * Content sniffing on the first KiB (or so) of a file: true when its first lines read as strace output.
 * At most the first 8 non-blank complete lines are scanned; a majority must be strace lines (call,
 * unfinished/resumed, signal, exit, or strace's own message); a line with a NUL byte is not one (binary
 * files fail the majority; a trace with one damaged line still passes, its bad line counted by the parser).
 * When no line is complete within the head, the partial first line must start like a call (`name(`).
 * A lone-CR head (no LF) is read as the parser reads it: CRs end lines. The frames of strace -k's stacks
 * (` > …` after each call) count for neither side: a call's stack may fill the head.
 */
export function looksLikeStrace(head: Uint8Array): boolean {
  const n = Math.min(head.length, 4096);
  const crOnly = head.subarray(0, n).indexOf(10) < 0 && head.subarray(0, n).indexOf(13) >= 0;
  const buf = new Uint8Array(n + 2);
  buf.set(head.subarray(0, n));
  if (crOnly) for (let i = 0; i < n; i++) if (buf[i] === 13) buf[i] = 10;
  const sc = new LineScanner();
  let good = 0;
  let seen = 0;
  let pos = 0;
  while (pos < n && seen < 8) {
    let nl = buf.indexOf(10, pos);
    const partial = nl < 0 || nl >= n;
    if (partial) nl = n;
    buf[nl] = 10;
    let e = nl;
    if (e > pos && buf[e - 1] === 13) e--;
    const nul = buf.subarray(pos, e).indexOf(0) >= 0;
    if (e > pos) {
      const k = nul ? K_BAD : sc.scan(buf, pos, e);
      if (partial) {
        if (seen === 0) return !nul && (sc.callStart || k === K_SPLICED);
        break;
      }
      if (k !== K_FRAME) {
        seen++;
        if (k !== K_BAD) good++;
      }
    }
    pos = nl + 1;
  }
  return good > 0 && good * 2 >= seen;
}
