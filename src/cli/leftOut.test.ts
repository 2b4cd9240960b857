import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliJson } from '../analysis/cliJson';
import { runCli as run } from '../testing/cliRun';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');

describe('strace-dfg analyze: why events were left out of the graph, in the words of the app\'s Summary', () => {
  it('the text report and the JSON break the left-out events down (no file, filtered, system files hidden, custom)', async () => {
    const text = await run('analyze', IOR);
    expect(text.code).toBe(0);
    const first = text.out.split('\n')[0];
    expect(first).not.toMatch(/unmapped/);
    const json = await run('analyze', '--json', IOR);
    const doc = JSON.parse(json.out) as CliJson;
    const lo = doc.left_out!;
    expect(Object.keys(lo)).toEqual(['no_file', 'filtered', 'system', 'custom']);
    expect(lo.system).toBeGreaterThan(0); // the default mapping hides system files next to the user's
    expect(lo.no_file).toBeGreaterThan(0);
    expect(first).toContain(`${lo.no_file.toLocaleString('en-US')} without a file · ${lo.system.toLocaleString('en-US')} system files hidden`);
    expect(Object.keys(doc).indexOf('left_out')).toBe(Object.keys(doc).indexOf('dropped') + 1);

    const filtered = JSON.parse((await run('analyze', '--json', '--filter', '/nowhere-at-all', IOR)).out) as CliJson;
    expect(filtered.left_out!.filtered).toBeGreaterThan(0);
    expect(filtered.left_out!.no_file + filtered.left_out!.filtered + filtered.left_out!.system + filtered.left_out!.custom).toBe(filtered.events);
    expect((await run('analyze', '--filter', '/nowhere-at-all', IOR)).out.split('\n')[0]).toContain(`${filtered.left_out!.filtered.toLocaleString('en-US')} filtered out`);
  });
});
