import { K_BAD, K_SPLICED, LineScanner } from './scan';

/**
 * Content sniffing on the first KiB (or so) of a file: true when its first lines read as strace output.
 * At most the first 8 non-blank complete lines are scanned; a majority must be strace lines (call,
 * unfinished/resumed, signal, exit, or strace's own message). A head with a NUL byte is binary: false.
 * When no line is complete within the head, the partial first line must start like a call (`name(`).
 */
export function looksLikeStrace(head: Uint8Array): boolean {
  const n = Math.min(head.length, 4096);
  for (let i = 0; i < n; i++) if (head[i] === 0) return false;
  const buf = new Uint8Array(n + 2);
  buf.set(head.subarray(0, n));
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
    if (e > pos) {
      const k = sc.scan(buf, pos, e);
      if (partial) {
        if (seen === 0) return sc.callStart || k === K_SPLICED;
        break;
      }
      seen++;
      if (k !== K_BAD) good++;
    }
    pos = nl + 1;
  }
  return good > 0 && good * 2 >= seen;
}
