import { describe, expect, test } from 'vitest';
import { parsedStackFixtures } from '../../testing/stackFixtures';
import { runInsights } from '../insights/index';
import type { Finding } from '../insights/types';
import { addLayerAdvice } from './advice';

const LOW = { small_requests: 0.01, small_requests_absolute: 1 };
const finding = (code: string, files: string[]): Finding => ({
  code, level: 'HIGH', target: 'developer', side: null, run: null, cost: null, message: '', details: [], cases: [],
  files: files.map((name) => ({ name, value: 0, share: 0 })), activities: [], activity: null, numbers: {}, recommendations: [{ text: 'the rule\'s own' }],
});

describe('the insights\' layer advice (the hook: addLayerAdvice)', () => {
  const [c] = parsedStackFixtures(['c/c_all.st']);

  test('small writes through stdio: the buffer, at write_stdio; the program\'s own: aggregate, at write_direct', () => {
    const fs = [finding('P06', ['/tmp/layers-fx/c/stdio.dat']), finding('P06', ['/tmp/layers-fx/c/direct.dat']), finding('P05', ['/tmp/layers-fx/c/stdio.dat'])];
    addLayerAdvice(fs, c, 1 << 20);
    expect(fs[0].details[0]).toMatch(/^by layer: stdio 8; call sites: write_stdio \(layers_c\+0x[0-9a-f]+\) 7, write_stdio \(layers_c\+0x[0-9a-f]+\) 1$/);
    expect(fs[0].recommendations[0].text).toMatch(/^Most small writes come from stdio's buffer \(at write_stdio \(layers_c\+0x[0-9a-f]+\)\), through _IO_fwrite: give the FILE a larger buffer/);
    expect(fs[0].recommendations[0].snippet!.code).toContain('setvbuf');
    expect(fs[0].recommendations[1].text).toBe('the rule\'s own');
    expect(fs[1].recommendations[0].text).toMatch(/^Most small writes are the program's own write\(2\) calls \(at write_direct \(layers_c\+0x[0-9a-f]+\)\): aggregate them/);
    expect(fs[1].numbers.small_from_app).toBe(12);
    expect(fs[2].details[0]).toMatch(/^by layer: stdio 9; call sites: read_stdio /);
  });

  test('h5py: the small writes of the .h5 are HDF5\'s: chunks and alignment', () => {
    const [h] = parsedStackFixtures(['h5py/h5py.st']);
    const fs = [finding('P06', ['/tmp/layers-fx/h5/chunked.h5']), finding('P06', ['/tmp/layers-fx/h5/log.txt'])];
    addLayerAdvice(fs, h, 1 << 20);
    expect(fs[0].details[0]).toMatch(/^by layer: hdf5 \d+; call sites: /);
    expect(fs[0].recommendations[0].text).toMatch(/^Most small writes come from HDF5 .* through H5/);
    expect(fs[0].recommendations[0].snippet!.code).toContain('H5Pset_chunk');
    expect(fs[1].recommendations[0].snippet!.code).toContain('buffering=');
  });

  test('through runInsights: P06 of the C program names the layers, the thread\'s pwrites first', () => {
    const r = runInsights(c, { thresholds: LOW });
    const p06 = r.findings.find((f) => f.code === 'P06')!;
    expect(p06.details.some((d) => /^by layer: app \d+, stdio \d+; call sites: thread_direct /.test(d))).toBe(true);
    expect(p06.recommendations[0].text).toMatch(/the program's own write\(2\) calls \(at thread_direct/);
    // no stacks: the findings as the rules made them
    const plain = runInsights({ ...c, stack: null, stacks: null }, { thresholds: LOW }).findings.find((f) => f.code === 'P06')!;
    expect(plain.details.some((d) => d.startsWith('by layer'))).toBe(false);
  });
});
