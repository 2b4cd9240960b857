import { describe, expect, test } from 'vitest';
import { mergeLogs } from '../../model';
import { parsedStackFixtures, programTruth, stackFixtures } from '../../testing/stackFixtures';
import { analyze } from '../analyze';
import { compileMapping } from '../mapping';
import { LogIndex } from '../logIndex';
import { mappingLog } from '../pids';
import { DEFAULT_MAPPING, RAW_MAPPING, type MappingSpec } from '../types';
import { layeredLog, pairLayers } from './layered';
import { layerReport } from './report';

const WHOLE: MappingSpec = { ...RAW_MAPPING, depth: 0 };
const D = '/tmp/layers-fx/c';

describe('the layer report of the C program', () => {
  const [log] = parsedStackFixtures(['c/c_all.st']);
  const compiled = compileMapping(log, WHOLE);
  const r = layerReport(log, compiled)!;
  const t = programTruth('c/c_all_prog.txt');

  test('per activity: its events by layer and by call site, summing to its count', () => {
    const res = analyze(log, WHOLE, null, compiled);
    for (const n of res.nodes) {
      const a = r.activities[n.id];
      expect(Object.values(a.layers).reduce((x, y) => x + y, 0)).toBe(n.count);
      // every call has a stack with a frame of the program, except the loader's before main
      const sites = Object.values(a.sites).reduce((x, y) => x + y, 0);
      expect(sites).toBe(n.count - (a.layers.loader ?? 0));
    }
    expect(r.activities[`write:${D}/stdio.dat`].layers).toEqual({ stdio: 8 });
    expect(Object.keys(r.activities[`write:${D}/stdio.dat`].sites).every((s) => s.startsWith('write_stdio (layers_c+0x'))).toBe(true);
    expect(r.activities[`write:${D}/direct.dat`].layers).toEqual({ app: Number(t.find((x) => x[0] === 'write_direct')![2]) });
  });

  test('the call sites: calls, bytes, layers, files and entries of each', () => {
    const ws = r.sites.filter((s) => s.site.startsWith('write_stdio '));
    // fwrite's and fclose's call sites in write_stdio: its 8 writes of stdio.dat (and fopen's, fclose's calls)
    expect(ws.reduce((a, s) => a + (s.activities[`write:${D}/stdio.dat`] ?? 0), 0)).toBe(8);
    expect(ws.reduce((a, s) => a + (s.files[`${D}/stdio.dat`] ?? 0), 0)).toBe(r.activities[`write:${D}/stdio.dat`].layers.stdio + 2); // + openat, close
    const written = ws.reduce((a, s) => a + s.bytes, 0);
    expect(written).toBe(Number(t.find((x) => x[0] === 'write_stdio')![3]));
    expect(new Set(ws.flatMap((s) => Object.keys(s.layers)))).toEqual(new Set(['stdio']));
    expect(new Set(ws.flatMap((s) => Object.keys(s.entries)))).toContain('_IO_fwrite');
    for (let k = 1; k < r.sites.length; k++) expect(r.sites[k].calls).toBeLessThanOrEqual(r.sites[k - 1].calls);
    expect(r.sites.every((s) => s.calls > 0)).toBe(true);
    expect(Object.keys(r.totals)).toEqual(r.layers);
    expect(r.totals.stdio.bytes).toBeGreaterThanOrEqual(2 * Number(t.find((x) => x[0] === 'write_stdio')![3]));
  });

  test('no stacks, no layer column: no report', () => {
    const plain = { ...log, stack: null, stacks: null };
    expect(layerReport(plain, compileMapping(plain, WHOLE))).toBeNull();
  });
});

describe('the layer in the activity', () => {
  const log = mergeLogs(parsedStackFixtures(stackFixtures('mpi-ompio').map((f) => f.name)));
  const spec: MappingSpec = { ...DEFAULT_MAPPING, layer: true };

  test('each pair carries its layer; the events, their calls and files are the same', () => {
    const l = layeredLog(log);
    expect(l.n).toBe(log.n);
    expect(l.start).toBe(log.start);
    expect(l.calls).toBe(log.calls);
    const lp = pairLayers(l)!;
    for (let i = 0; i < log.n; i++) {
      expect(l.calls[l.pairCall[l.pair[i]]]).toBe(log.calls[log.pairCall[log.pair[i]]]);
      expect(l.paths[l.pairFp[l.pair[i]]]).toBe(log.paths[log.pairFp[log.pair[i]]]);
    }
    expect(new Set(lp.layer).size).toBeGreaterThan(1);
    expect(pairLayers(log)).toBeNull();
    const ix = new LogIndex(log);
    expect(ix.mapped(spec).log).toBe(ix.mapped(spec).log); // made once per log (its LogIndex)
  });

  test('the DFG shows MPI-IO handing its writes to the file system, and the stdio summary apart', () => {
    const res = analyze(log, spec); // (analyze compiles against mappingLog(log, spec))
    const ids = res.nodes.map((n) => n.id);
    expect(ids).toContain('mpiio › pwrite64:/tmp/layers-fx');
    expect(ids).toContain('stdio › write:/tmp/layers-fx');
    expect(ids.every((a) => / › /.test(a))).toBe(true);
    const plain = analyze(log, DEFAULT_MAPPING);
    // the same events: each plain activity's count is the sum of its layered ones
    for (const n of plain.nodes) {
      const parts = res.nodes.filter((m) => m.id.replace(/^[^ ]+ › /, '') === n.id);
      expect(parts.reduce((a, m) => a + m.count, 0)).toBe(n.count);
    }
  });

  test('the call sites are those of the analysed events only (system files hidden: no site without calls)', () => {
    const compiled = compileMapping(log, DEFAULT_MAPPING);
    const all = layerReport(log, compileMapping(log, WHOLE))!;
    const r = layerReport(log, compiled)!;
    // some stacks are seen only in calls the default mapping hides (MPI_Init's reads of /proc, /sys…)
    expect(all.sites.length).toBeGreaterThan(r.sites.length);
    expect(r.sites.every((s) => s.calls > 0 && Object.keys(s.layers).length > 0)).toBe(true);
    const mapped = analyze(log, DEFAULT_MAPPING, null, compiled).nodes.reduce((a, n) => a + n.count, 0);
    expect(r.sites.reduce((a, s) => a + s.calls, 0)).toBeLessThanOrEqual(mapped);
  });

  test('call filters name the call, not the layer', () => {
    const s: MappingSpec = { ...spec, calls: ['pwrite64'] };
    const res = analyze(log, s);
    const m = mappingLog(log, s);
    expect(mappingLog(m, s)).toBe(m); // layering a layered log changes nothing
    expect(res.nodes.map((n) => n.id).sort()).toEqual(['mpiio › pwrite64:/tmp/layers-fx']);
  });

  test('a bad layer rule is a mapping error', () => {
    expect(() => mappingLog(log, { ...spec, layerRules: ['x bin=('] })).toThrow(/layer rule 'x bin=\('/);
    expect(() => mappingLog(log, { ...DEFAULT_MAPPING, layerRules: ['x'] })).toThrow(/layer rule/);
  });
});
