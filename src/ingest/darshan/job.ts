/**
 * The job record and name records of a Darshan log (docs/FORMATS.md "Darshan logs").
 * Job record: uid, start, [start ns], end, [end ns], nprocs, jobid (i64; the ns fields from format 3.41
 * on), 1024 bytes of `key=value` metadata lines, then the command line up to `\n` and the mount table
 * (`\n{fs type}\t{mount point}` per entry), NUL-terminated.
 * Name records: record id (u64) and a NUL-terminated name (3.00: id, u32 length, name).
 */
import { FileFormatError } from '../source';
import { i64 } from './header';
import { cString, text } from './text';

export interface Mount {
  path: string;
  type: string;
}

export interface JobRecord {
  uid: number;
  /** Seconds since 1970 (with the ns part where the log has it). */
  start: number;
  end: number;
  nprocs: number;
  jobid: number;
  metadata: Record<string, string>;
  /** The command line as Darshan recorded it (executable and arguments). */
  exe: string;
  mounts: Mount[];
}


export function readJob(b: Uint8Array, minor: number, le: boolean, what: string): JobRecord {
  const wide = minor >= 41;
  const fixed = (wide ? 7 : 5) * 8;
  if (b.length < fixed + 1024) throw new FileFormatError(`${what}: the job record is truncated (${b.length} bytes)`);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const v = (k: number): number => i64(dv, k * 8, le);
  const uid = v(0);
  const start = wide ? v(1) + v(2) / 1e9 : v(1);
  const end = wide ? v(3) + v(4) / 1e9 : v(2);
  const nprocs = v(wide ? 5 : 3);
  const jobid = v(wide ? 6 : 4);
  const metadata: Record<string, string> = {};
  for (const line of cString(b, fixed, fixed + 1024).split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) metadata[line.slice(0, eq)] = line.slice(eq + 1);
  }
  const tail = cString(b, fixed + 1024, b.length);
  const nl = tail.indexOf('\n');
  const exe = nl < 0 ? tail : tail.slice(0, nl);
  const mounts: Mount[] = [];
  if (nl >= 0) {
    for (const entry of tail.slice(nl + 1).split('\n')) {
      const tab = entry.indexOf('\t');
      if (tab > 0) mounts.push({ type: entry.slice(0, tab), path: entry.slice(tab + 1) });
    }
  }
  // Darshan matches a file to the longest mount point that prefixes it
  mounts.sort((a, b) => b.path.length - a.path.length || (a.path < b.path ? -1 : 1));
  return { uid, start, end, nprocs, jobid, metadata, exe, mounts };
}

/** A u64 record id as a map key (two 32-bit halves, exact). */
export function idKey(dv: DataView, at: number, le: boolean): string {
  const a = dv.getUint32(at, le);
  const b = dv.getUint32(at + 4, le);
  return le ? `${b.toString(16)}:${a.toString(16)}` : `${a.toString(16)}:${b.toString(16)}`;
}

export function readNames(b: Uint8Array, minor: number, le: boolean): Map<string, string> {
  const names = new Map<string, string>();
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 0;
  while (at + 8 < b.length) {
    const key = idKey(dv, at, le);
    let from: number;
    let to: number;
    if (minor === 0) {
      if (at + 12 > b.length) break;
      const len = dv.getUint32(at + 8, le);
      from = at + 12;
      to = Math.min(b.length, from + len);
      at = to;
    } else {
      from = at + 8;
      to = b.indexOf(0, from);
      if (to < 0) to = b.length;
      at = to + 1;
    }
    if (!names.has(key)) names.set(key, text(b.subarray(from, to)));
  }
  return names;
}

/** The mount point (and its type) a path lies under, or null. */
export function mountOf(mounts: readonly Mount[], path: string): Mount | null {
  for (const m of mounts) if (path === m.path || path.startsWith(m.path.endsWith('/') ? m.path : `${m.path}/`)) return m;
  return null;
}
