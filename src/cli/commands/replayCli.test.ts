/** `strace-dfg replay` without running a replay: its modes, what-if options and their errors, --pattern on real runs. */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../testing/cliRun';

const NORMAL = join(import.meta.dirname, '../../analysis/replay/__fixtures__/normal');
const IOR = join(import.meta.dirname, '../../../e2e/fixtures/ior-ssf-fpp');
const dir = tempDir('replay-cli');

describe('strace-dfg replay', () => {
  it('needs one mode, and says which', async () => {
    for (const argv of [['replay', NORMAL], ['replay', '--out', join(dir, 'x'), '--pattern', NORMAL]]) {
      const r = await runCli(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain('replay needs one of --out DIR, --check DIR TRDIR or --pattern');
    }
  });

  it('refuses a bad what-if in one line', async () => {
    const r = await runCli('replay', '--out', join(dir, 'x'), '--coalesce', '1 parsec', NORMAL);
    expect([r.code, r.err.trim()]).toEqual([2, "strace-dfg: --coalesce expects a size in bytes (4096, 64KiB, 1MiB), got '1 parsec'"]);
    const both = await runCli('replay', '--out', join(dir, 'x'), '--file-per-process', '--shared-file', NORMAL);
    expect(both.err).toContain('--file-per-process and --shared-file exclude each other');
  });

  it('writes the folder (run.sh executable), and will not write into a folder that is not empty', async () => {
    const out = join(dir, 'rep');
    const r = await runCli('replay', '--out', out, '--coalesce', '1MiB', NORMAL);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/wrote .*rep: 4 cases, 16 requests \(16\.0 MiB\), 84 metadata calls/);
    expect(r.err).toContain('what-if --coalesce 1.00 MiB');
    expect(statSync(join(out, 'run.sh')).mode & 0o111).toBeTruthy();
    expect(readFileSync(join(out, 'job.fio'), 'utf8')).toContain(';   --coalesce 1.00 MiB: contiguous requests');
    const again = await runCli('replay', '--out', out, NORMAL);
    expect([again.code, again.err]).toEqual([2, `strace-dfg: --out ${out} is not empty (use --force to write into it)\n`]);
  });

  it('--out never writes over an input (#33.9): the folder given as input, or a trace in it that a file of the replay would replace', async () => {
    const run = join(dir, 'in-run');
    mkdirSync(run, { recursive: true });
    for (const k of [0, 1]) writeFileSync(join(run, `run_node1_${k}.st`), readFileSync(join(NORMAL, `run_node1_${k}.st`)));
    const same = await runCli('replay', '--out', run, '--force', run);
    expect([same.code, same.err]).toEqual([2, `strace-dfg: --out ${run} is one of the inputs (${run}): refusing to write over it; write the output elsewhere\n`]);
    // a trace named like a file the replay writes (README.md, read as a trace by its content)
    const out = join(dir, 'named');
    mkdirSync(out, { recursive: true });
    const trace = readFileSync(join(NORMAL, 'run_node1_0.st'));
    writeFileSync(join(out, 'README.md'), trace);
    const over = await runCli('replay', '--out', out, '--force', join(out, 'README.md'));
    expect([over.code, over.err]).toEqual([2, `strace-dfg: --out ${join(out, 'README.md')} is one of the inputs (${join(out, 'README.md')}): refusing to write over it; write the output elsewhere\n`]);
    expect(readFileSync(join(out, 'README.md'))).toEqual(trace);
  });

  it('--check: one line when the folder is not a replay, or its files are broken', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad, { recursive: true });
    const r = await runCli('replay', '--check', bad, NORMAL);
    expect([r.code, r.err]).toEqual([2, `strace-dfg: ${bad}: no replay.json (not a folder written by strace-dfg replay --out)\n`]);
    writeFileSync(join(bad, 'replay.json'), '{"format": "strace-dfg replay", "version": 1, "cases": [{"index": 0, "iolog": "iolog/case0.iolog"}], "files": []}');
    const r2 = await runCli('replay', '--check', bad, NORMAL);
    expect(r2.code).toBe(2);
    expect(r2.err).toContain('iolog/case0.iolog is missing (replay.json names it)');
    const r3 = await runCli('replay', '--check', bad);
    expect(r3.err).toContain('replay --check needs the replay folder and the folder of its traces');
  });

  it('--pattern: loops, offsets across ranks, IOR command lines (text and JSON)', async () => {
    const r = await runCli('replay', '--pattern', IOR);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('  6 × [pwrite64 4 KiB @ +4 KiB] from 24 KiB·rank; fsync; 6 × [pread64 4 KiB @ +4 KiB] from 24 KiB·rank\n  offsets across ranks: every start is a·rank + b exactly\n  IOR: mpirun -np 8 ior -a POSIX -w -r -e -t 4k -b 24k -s 1 -o /scratch/ior/ssf');
    const j = await runCli('replay', '--pattern', '--json', NORMAL);
    const doc = JSON.parse(j.out) as { groups: { noIor: string; fits: ({ a: number; b: number; exact: boolean } | null)[] }[] };
    expect(doc.groups[0].noIor).toBe('2 files per rank (IOR: one)');
    expect(doc.groups[0].fits.filter((f) => f !== null && f.a === 1024 * 1024)).toHaveLength(2);
  });
});
