import { expect, test } from 'vitest';
import { parsedStackFixtures } from '../../testing/stackFixtures';
import { writeChromeTrace } from '../time/chromeTrace';

type Ev = { ph: string; name: string; args: Record<string, unknown> };
const trace = (log: Parameters<typeof writeChromeTrace>[0], rules?: string[]): Ev[] => {
  let text = '';
  writeChromeTrace(log, { write: (c) => void (text += c) }, { layerRules: rules });
  return (JSON.parse(text) as { traceEvents: Ev[] }).traceEvents.filter((e) => e.ph === 'X');
};

test('the Chrome trace carries each call\'s layer, call site and library entry in args', () => {
  const [log] = parsedStackFixtures(['c/c_all.st']);
  const evs = trace(log);
  expect(evs.length).toBe(log.n);
  const stdio = evs.filter((e) => e.name === 'write' && e.args.path === '/tmp/layers-fx/c/stdio.dat');
  expect(stdio.length).toBe(8);
  for (const e of stdio) {
    expect(e.args.layer).toBe('stdio');
    expect(e.args.site).toMatch(/^write_stdio \(layers_c\+0x[0-9a-f]+\)$/);
    expect(['_IO_fwrite', '_IO_fclose']).toContain(e.args.entry);
  }
  // the loader's calls before main: a layer, no call site
  const ld = evs.find((e) => e.name === 'openat' && String(e.args.path).includes('libc.so'))!;
  expect(ld.args).toMatchObject({ layer: 'loader', site: null });
  // the user's rules apply, before the table: a function of the program's own (an I/O module of the app) is a layer too
  const mine = trace(log, ['mine sym=^write_stdio$']).filter((e) => e.args.path === '/tmp/layers-fx/c/stdio.dat' && e.name === 'write');
  expect(mine.every((e) => e.args.layer === 'mine' && String(e.args.entry) === 'write_stdio')).toBe(true);
  expect(trace(log, ['mine sym=^write_direct$']).filter((e) => e.args.path === '/tmp/layers-fx/c/stdio.dat' && e.name === 'write').every((e) => e.args.layer === 'stdio')).toBe(true);
  // no layers: no such args
  expect(trace({ ...log, stack: null, stacks: null })[0].args).not.toHaveProperty('layer');
});
