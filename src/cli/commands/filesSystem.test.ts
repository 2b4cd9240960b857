/** `analyze`'s Files tables list system files (Open MPI's shared-file-pointer segments in its session directory)
 * after the program's, marked, with a count line; nothing dropped (mpi-io-test's Darshan log: 32 of them). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSystemPath } from '../../analysis/systemFiles';
import { DARSHAN_FIXTURES } from '../../testing/darshanFixtures';
import { runCli as run } from '../../testing/cliRun';

const MPI_IO = join(DARSHAN_FIXTURES, 'mpi_io_test_with_dxt', 'treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan');

/** The table whose title starts with `title`: its title, its rows, the lines under them (to the blank line). */
function rows(lines: string[], title: string): { head: string; rows: string[]; after: string[] } {
  const at = lines.findIndex((l) => l.startsWith(title));
  expect(at).toBeGreaterThan(0);
  const block = lines.slice(at + 2, lines.indexOf('', at));
  const end = block.findIndex((l) => /^(?:… |\d[\d,]* of the )/.test(l));
  return { head: lines[at], rows: block.slice(0, end < 0 ? block.length : end), after: end < 0 ? [] : block.slice(end) };
}

const path = (row: string): string => row.split(/\s{2,}/)[0].replace(/ \[system\]$/, '');

describe('analyze: system files in the Files tables (mpi-io-test)', () => {
  it('listed last, marked [system], counted; every file kept', async () => {
    const r = await run('analyze', '--top', '0', MPI_IO);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    for (const [title, total, what] of [['Files (', 33, 'files'], ["Files from Darshan's counters (", 160, 'records']] as const) {
      const t = rows(lines, title);
      expect(t.rows).toHaveLength(total);
      const system = t.rows.map((l) => isSystemPath(path(l)));
      expect(system.filter(Boolean)).toHaveLength(32);
      expect(system.indexOf(true)).toBe(total - 32); // the program's first, every system file after them
      for (const l of t.rows) expect(l.split(/\s{2,}/)[0].endsWith(' [system]')).toBe(isSystemPath(path(l)));
      expect(t.head).toContain('most bytes first, system files last');
      expect(t.after).toEqual([expect.stringMatching(new RegExp(`^32 of the ${total} ${what} are system files, not the program's .*: listed last, marked \\[system\\]$`))]);
    }
  });

  it('the default --top shows the program\'s files first and says how many more', async () => {
    const lines = (await run('analyze', MPI_IO)).out.split('\n');
    const t = rows(lines, "Files from Darshan's counters (");
    expect(t.rows).toHaveLength(10);
    expect(t.rows.every((l) => l.startsWith('/yellow/users/treddy/mpi_io_rough_work/test.out '))).toBe(true);
    expect(t.after[0]).toBe('… 150 more records (--top 0 shows all)');
  });

  it('strace traces too: /proc/cpuinfo after the IOR files (ior-ssf-fpp)', async () => {
    const lines = (await run('analyze', join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp'))).out.split('\n');
    const t = rows(lines, 'Files (');
    expect(t.rows.map(path)).toEqual(['/scratch/ior/ssf', ...Array.from({ length: 8 }, (_, k) => `/scratch/ior/fpp.0000000${k}`), '/proc/cpuinfo']);
    expect(t.rows[9]).toMatch(/^\/proc\/cpuinfo \[system\]\s/);
    expect(t.after).toEqual(['… 150 more files (--top 0 shows all)', expect.stringMatching(/^151 of the 160 files are system files, not the program's \(/)]);
  });
});
