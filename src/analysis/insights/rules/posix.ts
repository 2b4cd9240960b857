/** P01–P06: read/write intensity by count and by bytes, small requests (Drishti's POSIX rules). */
import { READ_CALLS, WRITE_CALLS } from '../calls';
import { R_RBYTES, R_READS, R_RTIME, R_SMALL_R, R_SMALL_RTIME, R_SMALL_W, R_SMALL_WTIME, R_WBYTES, R_WRITES, R_WTIME, filesOf, total } from '../context';
import { fileLines, formatBytes, pct, topCases, topFiles } from '../report';
import { BUFFER_READS, BUFFER_WRITES, MPI_COLLECTIVE_READ, MPI_COLLECTIVE_WRITE, REPLAY_LARGER } from '../snippets';
import type { RawFinding, Rule } from '../types';
import { movesUnseen } from './untraced';

const intensity = (code: string, title: string, kind: 'count' | 'size', dir: 'write' | 'read'): Rule => ({
  code,
  title,
  levels: 'INFO when |writes − reads| / all > imbalance_operations and the ' + dir + 's dominate',
  target: 'developer',
  run(ctx, scope, t) {
    // data moved through mmap or io_uring is in no read or write: the visible calls do not tell the balance (T11)
    if (movesUnseen(ctx, scope)) return [];
    const files = filesOf(ctx, scope, true);
    const rF = kind === 'count' ? R_READS : R_RBYTES;
    const wF = kind === 'count' ? R_WRITES : R_WBYTES;
    const r = total(files, rF);
    const w = total(files, wF);
    const all = r + w;
    if (!(all > 0) || Math.abs(w - r) / all <= t.imbalance_operations) return [];
    if ((dir === 'write') !== (w > r)) return [];
    const field = dir === 'write' ? wF : rF;
    const message = kind === 'count'
      ? `Application is ${dir} operation intensive (${pct(w / all)} writes vs. ${pct(r / all)} reads)`
      : `Application is ${dir} size intensive (${pct(w / all)} write vs. ${pct(r / all)} read)`;
    const f: RawFinding = {
      code, level: 'INFO', target: 'developer', message, details: [],
      cases: topCases(ctx, scope, files, field, t), files: topFiles(ctx, files, field, t),
      numbers: kind === 'count' ? { reads: r, writes: w } : { bytes_read: r, bytes_written: w },
      recommendations: [], calls: dir === 'write' ? WRITE_CALLS : READ_CALLS,
      // the time of the dominant direction (what the intensity is about)
      cost: total(files, dir === 'write' ? R_WTIME : R_RTIME),
    };
    return [f];
  },
});

const smallRequests = (code: string, dir: 'read' | 'write'): Rule => ({
  code,
  title: `Many small ${dir} requests`,
  levels: 'HIGH when small requests > small_requests of all and > small_requests_absolute',
  target: 'developer',
  run(ctx, scope, t) {
    const files = filesOf(ctx, scope, true);
    const n = total(files, dir === 'read' ? R_READS : R_WRITES);
    const sF = dir === 'read' ? R_SMALL_R : R_SMALL_W;
    const s = total(files, sF);
    if (!(s > 0 && s / n > t.small_requests && s > t.small_requests_absolute)) return [];
    const fl = topFiles(ctx, files, sF, t);
    return [{
      code, level: 'HIGH', target: 'developer',
      message: `Application issues a high number (${s}) of small ${dir} requests (i.e., < ${formatBytes(t.small_bytes)}) which represents ${pct(s / n)} of all ${dir} requests`,
      details: fileLines(fl, `small ${dir} requests`),
      cases: topCases(ctx, scope, files, sF, t), files: fl,
      numbers: { small: s, requests: n, fraction: s / n, small_bytes: t.small_bytes },
      recommendations: dir === 'read' ? [BUFFER_READS, MPI_COLLECTIVE_READ, REPLAY_LARGER] : [BUFFER_WRITES, MPI_COLLECTIVE_WRITE, REPLAY_LARGER],
      calls: dir === 'read' ? READ_CALLS : WRITE_CALLS,
      cost: total(files, dir === 'read' ? R_SMALL_RTIME : R_SMALL_WTIME),
    }];
  },
});

export const POSIX_RULES: Rule[] = [
  intensity('P01', 'Write operation intensive', 'count', 'write'),
  intensity('P02', 'Read operation intensive', 'count', 'read'),
  intensity('P03', 'Write size intensive', 'size', 'write'),
  intensity('P04', 'Read size intensive', 'size', 'read'),
  smallRequests('P05', 'read'),
  smallRequests('P06', 'write'),
];
