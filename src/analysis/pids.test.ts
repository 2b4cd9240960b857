import { LogIndex } from './logIndex';
import { describe, expect, it } from 'vitest';
import { validate } from '../model';
import { loadFixture } from '../testing/mpiFixtures';
import { tinyLog } from '../testing/tinyLog';
import { analyze } from './analyze';
import { mappingLog, normalisePath, normalisePidPaths } from './pids';
import { RAW_MAPPING } from './types';

describe('normalisePath', () => {
  it('maps /proc/<pid>, /proc/self, /proc/thread-self and components equal to an id to PID', () => {
    const ids = new Set(['4242', '3']);
    expect(normalisePath('/proc/13708/mounts', ids)).toBe('/proc/PID/mounts');
    expect(normalisePath('/proc/self/cpuset', ids)).toBe('/proc/PID/cpuset');
    expect(normalisePath('/proc/thread-self/comm', ids)).toBe('/proc/PID/comm');
    expect(normalisePath('/proc/cpuinfo', ids)).toBe('/proc/cpuinfo');
    expect(normalisePath('/proc/selfish', ids)).toBe('/proc/selfish');
    expect(normalisePath('/scratch/run/3/out.4242', ids)).toBe('/scratch/run/PID/out.4242');
    expect(normalisePath('/scratch/4242/x', ids)).toBe('/scratch/PID/x');
    expect(normalisePath('out/3', ids)).toBe('out/PID');
    expect(normalisePath('/scratch/33/x', ids)).toBe('/scratch/33/x');
    expect(normalisePath('pipe:[3]', ids)).toBe('pipe:[3]');
  });
});

describe('normalisePidPaths', () => {
  it('uses each case\'s own pids and rid', () => {
    const log = tinyLog([
      { file: 'a_h_3.st', events: [['write', '/scratch/3/x', 0, 1, 1, 100], ['write', '/scratch/100/y', 1, 1, 1, 100], ['write', '/scratch/7/z', 2, 1, 1, 100]] },
      { file: 'a_h_7.st', events: [['write', '/scratch/3/x', 0, 1, 1, 200], ['write', '/scratch/7/z', 1, 1, 1, 200], ['write', '/scratch/100/y', 2, 1, 1, 200]] },
    ]);
    const n = normalisePidPaths(log);
    validate(n);
    const fps = (k: number) => Array.from(n.pair.subarray(n.caseOffsets[k], n.caseOffsets[k + 1]), (p) => n.paths[n.pairFp[p]]);
    expect(fps(0)).toEqual(['/scratch/PID/x', '/scratch/PID/y', '/scratch/7/z']);
    expect(fps(1)).toEqual(['/scratch/3/x', '/scratch/PID/z', '/scratch/100/y']);
    // the log it came from is untouched
    expect(Array.from(log.pair, (p) => log.paths[log.pairFp[p]])).toEqual(['/scratch/3/x', '/scratch/100/y', '/scratch/7/z', '/scratch/3/x', '/scratch/7/z', '/scratch/100/y']);
  });

  it('is kept per log by its LogIndex; a numeric component that is no pid stays', () => {
    const log = tinyLog([{ file: 'a_h_1.st', events: [['write', '/scratch/100/y', 0, 1, 1, 100], ['write', '/dev/pts/3', 1, 1, 1, 100]] }]);
    const ix = new LogIndex(log);
    const n = ix.normalised.log;
    expect(ix.normalised.log).toBe(n);
    expect(Array.from(n.pair, (p) => n.paths[n.pairFp[p]])).toEqual(['/scratch/PID/y', '/dev/pts/3']);
    // another log (the same object with other contents): normalised again
    const other = tinyLog([{ file: 'a_h_1.st', events: [['write', '/scratch/5/y', 0, 1, 1, 5]] }]);
    Object.assign(log, other);
    const m = normalisePidPaths(log);
    expect(m).not.toBe(n);
    expect(Array.from(m.pair, (p) => m.paths[m.pairFp[p]])).toEqual(['/scratch/PID/y']);
  });

  it('returns the same log when nothing changes; mappingLog of a raw spec is the log', () => {
    const log = tinyLog([{ file: 'a_h_1.st', events: [['read', '/etc/hosts', 0, 1, 1]] }]);
    expect(normalisePidPaths(log)).toBe(log);
    expect(mappingLog(log, { ...RAW_MAPPING, pids: 'normalise' })).toBe(log);
    const mpi = loadFixture('ior-mpiio');
    expect(mappingLog(mpi, RAW_MAPPING)).toBe(mpi);
    expect(mappingLog(mpi, { ...RAW_MAPPING, pids: 'normalise' })).not.toBe(mpi);
  });

  it('on the real 8-rank MPI-IO run: no /proc/<number> is left, every event keeps its statistics', () => {
    const log = loadFixture('ior-mpiio');
    const spec = { ...RAW_MAPPING, depth: 0 };
    const raw = analyze(log, spec);
    const norm = analyze(log, { ...spec, pids: 'normalise' });
    const procPid = (ids: string[]) => ids.filter((id) => /:\/proc\/\d+(\/|$)/.test(id));
    expect(procPid(raw.nodes.map((n) => n.id)).length).toBeGreaterThan(8);
    expect(procPid(norm.nodes.map((n) => n.id))).toEqual([]);
    expect(norm.nodes.some((n) => n.id.startsWith('read:/proc/PID/'))).toBe(true);
    expect(norm.nodes.length).toBeLessThan(raw.nodes.length);
    expect(norm.events).toBe(raw.events);
    expect(norm.unmapped).toBe(raw.unmapped);
    // activities merge: per-call totals are unchanged
    const byCall = (r: typeof raw) => {
      const m = new Map<string, number>();
      for (const n of r.nodes) m.set(n.id.split(':')[0], (m.get(n.id.split(':')[0]) ?? 0) + n.count);
      return m;
    };
    expect(byCall(norm)).toEqual(byCall(raw));
    validate(mappingLog(log, { ...spec, pids: 'normalise' }));
  });
});
