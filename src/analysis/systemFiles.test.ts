import { describe, expect, it } from 'vitest';
import { loadFixture } from '../testing/mpiFixtures';
import { tinyLog } from '../testing/tinyLog';
import { analyze } from './analyze';
import { compileMapping } from './mapping';
import { isSystemPath, SYSTEM_PATH } from './systemFiles';
import { DEFAULT_MAPPING, RAW_MAPPING, type AnalysisResult } from './types';

describe('isSystemPath', () => {
  it('knows the OS, the descriptors without a file and the MPI session directories (paths from the real runs)', () => {
    for (const fp of [
      '/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/mca_btl_vader.so', '/lib/x86_64-linux-gnu/libc.so.6', '/lib64/ld-linux-x86-64.so.2',
      '/etc/hosts', '/proc/13708/mounts', '/proc/self/cpuset', '/sys/devices/system/cpu/possible', '/dev/shm/vader_segment.vm.1.3',
      '/run/udev/data', '/tmp/ompi.vm.0/pid.13865/1/ssf_cid-0-13895.sm', '/tmp/prte.node1.1000/dvm.1', '/tmp/pmix-12345/x',
      'pipe:[7]', 'socket:[23031]', 'anon_inode:[eventfd]', 'TCP:[1.2.3.4:5->6.7.8.9:10]', '/var/lib/dpkg/status', '/', '/tmp', '/root/.openmpi/mca-params.conf', '/home/u/.pmix',
    ]) expect(isSystemPath(fp), fp).toBe(true);
    for (const fp of ['', '/scratch/ior/ssf', '/tmp/tmp.CNyF6XHzSv/ior-like', '/tmp/ompi-out.txt', 'main.c', './part1.o', '/home/u/data.h5', '/library/x', '/var/tmp/big', '/usrdata/x'])
      expect(isSystemPath(fp), fp).toBe(false);
  });
});

const SYS = `:${SYSTEM_PATH}`;

describe('system files on the real 8-rank runs (ior-ssf-fpp)', () => {
  const log = loadFixture('ior-ssf-fpp');
  const raw = analyze(log, RAW_MAPPING);
  const collapsed = analyze(log, { ...RAW_MAPPING, system: 'collapse' });
  const shown = (r: AnalysisResult) => r.nodes.reduce((s, n) => s + n.count, 0);

  it('collapse: one activity per call, the user files as before', () => {
    expect(collapsed.system).toEqual({ mode: 'collapse', events: expect.any(Number) });
    expect(collapsed.nodes.length).toBeLessThan(raw.nodes.length / 3);
    for (const n of collapsed.nodes) {
      if (n.id.endsWith(SYS)) continue;
      const path = n.id.slice(n.id.indexOf(':') + 1);
      expect(isSystemPath(path), n.id).toBe(false);
    }
    // the user activities keep their statistics exactly
    const rawById = new Map(raw.nodes.map((n) => [n.id, n]));
    const user = collapsed.nodes.filter((n) => !n.id.endsWith(SYS));
    expect(user.map((n) => n.id)).toContain('pwrite64:/scratch/ior');
    for (const n of user) expect(n.count, n.id).toBe(rawById.get(n.id)?.count);
    // nothing is lost: the same events are mapped, the collapsed nodes hold the system events
    expect(shown(collapsed)).toBe(shown(raw));
    expect(collapsed.nodes.filter((n) => n.id.endsWith(SYS)).reduce((s, n) => s + n.count, 0)).toBe(collapsed.system!.events);
    expect(collapsed.unmapped).toBe(raw.unmapped);
  });

  it('auto (the default) hides them, as the runs write /scratch, and counts them apart; show is the plain mapping', () => {
    const hidden = analyze(log, { ...RAW_MAPPING, system: 'auto' });
    expect(hidden.system).toEqual({ mode: 'hide', events: collapsed.system!.events });
    expect(hidden.nodes.some((n) => n.id.endsWith(SYS))).toBe(false);
    expect(hidden.nodes.map((n) => n.id)).toEqual(collapsed.nodes.filter((n) => !n.id.endsWith(SYS)).map((n) => n.id));
    expect(hidden.leftOut!.system).toBe(collapsed.system!.events);
    expect(hidden.unmapped).toBe(raw.unmapped + collapsed.system!.events);
    const show = analyze(log, { ...DEFAULT_MAPPING, system: 'show', pids: 'raw' });
    expect(show.nodes).toEqual(raw.nodes);
    expect(show.system).toEqual({ mode: 'show', events: collapsed.system!.events });
  });

  it('events dropped by a keep filter count as filtered, not as without a file', () => {
    const kept = analyze(log, { ...RAW_MAPPING, include: [{ kind: 'substring', pattern: '/scratch' }] });
    expect(raw.leftOut!.filtered).toBe(0);
    expect(kept.leftOut!.noFile).toBe(raw.leftOut!.noFile);
    expect(kept.leftOut!.filtered).toBeGreaterThan(0);
    expect(kept.leftOut!.filtered).toBe(raw.events - raw.leftOut!.noFile - shown(kept));
    const lo = kept.leftOut!;
    expect(lo.noFile + lo.filtered + lo.system + lo.custom).toBe(kept.unmapped);
  });
});

describe('auto', () => {
  it('shows system files when the trace touches nothing else, hides them on the make -j4 build', () => {
    const onlySys = tinyLog([{ file: 'a_h_1.st', events: [['openat', '/usr/lib/libc.so.6', 0, 1, NaN], ['read', 'pipe:[3]', 1, 1, 5], ['getpid', '', 2, 1, NaN]] }]);
    expect(compileMapping(onlySys, DEFAULT_MAPPING).system).toBe('show');
    const build = analyze(loadFixture('make-threads'), DEFAULT_MAPPING);
    expect(build.system?.mode).toBe('hide');
    expect(build.nodes.some((n) => /:.*\.c$|:.*\.o$|^\w+:\/tmp\//.test(n.id))).toBe(true);
  });

  it('a custom function sees e.system when system files are shown, and never sees collapsed ones', () => {
    const log = tinyLog([{ file: 'a_h_1.st', events: [['openat', '/etc/hosts', 0, 1, NaN], ['write', '/scratch/x', 1, 1, 5]] }]);
    const seen: boolean[] = [];
    (globalThis as { __seen?: boolean[] }).__seen = seen;
    compileMapping(log, { ...DEFAULT_MAPPING, system: 'show', custom: '(e) => { globalThis.__seen.push(e.system); return e.call; }' });
    expect(seen.sort()).toEqual([false, true]);
    seen.length = 0;
    const m = compileMapping(log, { ...DEFAULT_MAPPING, system: 'collapse', custom: '(e) => { globalThis.__seen.push(e.system); return e.call; }' });
    expect(seen).toEqual([false]);
    expect(m.activities.sort()).toEqual([`openat${SYS}`, 'write']);
  });
});
