import { describe, expect, it } from 'vitest';
import { statsCsv } from './exportFiles';

describe('statsCsv', () => {
  it('writes one row per activity, empty cells for unknown values, quotes and defuses formulas', () => {
    const csv = statsCsv([
      { id: 'read:/usr/lib', count: 3, dur: 0.5, rd: 0.25, bytes: 2048, dr: 4096, mc: 2, DR: 8192, cases: 2, meanDur: 0.5 / 3, p95Dur: 0.3, failures: 1, failureRate: 1 / 3, errnos: { EBADF: 1 } },
      { id: 'openat:/a,"b"', count: 1, dur: null, rd: null, bytes: null, dr: null, mc: null, DR: null, cases: 1 },
      { id: '=HYPERLINK("x")', count: 1, dur: 0, rd: 0, bytes: null, dr: null, mc: 1, DR: null, cases: 1 },
      { id: ' @SUM(A1)', count: 1, dur: 0, rd: 0, bytes: null, dr: null, mc: 1, DR: null, cases: 1 },
    ]);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('activity,count,rd,bytes,dr_bytes_per_s,mc,DR_bytes_per_s,cases,dur_s,mean_dur_s,p95_dur_s,failures,failure_rate,errnos');
    expect(lines[1]).toBe(`read:/usr/lib,3,0.25,2048,4096,2,8192,2,0.5,${0.5 / 3},0.3,1,${1 / 3},EBADF:1`);
    expect(lines[2]).toBe('"openat:/a,""b""",1,,,,,,1,,,,,,');
    expect(lines[3].startsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
    expect(lines[4].startsWith(`' @SUM(A1),`)).toBe(true);
    expect(lines).toHaveLength(5);
  });
});
