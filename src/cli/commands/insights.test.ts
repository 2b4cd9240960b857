import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InsightJson, UnobservableJson } from '../../analysis/insights/json';
import { UNOBSERVABLE } from '../../analysis/insights/unobservable';
import { runCli as run, tempDir } from '../../testing/cliRun';

const FX = join(__dirname, '..', '..', 'analysis/insights/__fixtures__');
const tmp = tempDir('ins');

const MPI = UNOBSERVABLE.find((u) => u.code === 'M01')!.why;
const UNOBSERVABLE_LINES = [
  `  S01 STDIO usage: ${UNOBSERVABLE[0].why}`,
  `  P07 Misaligned memory requests: ${UNOBSERVABLE[1].why}`,
  `  M01–M07, M10: ${MPI}`,
  `  M08, M09: ${MPI} The cb_nodes hint and the node of each aggregator are not in the trace.`,
];

describe('strace-dfg insights', () => {
  it('prints the findings ranked (to act on, by the time they account for; INFO; OK) with the files, cases and recommendations (text)', async () => {
    const r = await run('insights', '--jobs', '1', join(FX, 'seek'), join(FX, 'churn'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ insights over 2 cases from 2 files\n/);
    expect(r.out).toContain('\nHIGH and WARN, most time first (1)\n  ▶ WARN [T05] 1 file(s) opened more than 100 times in one case: "/tmp/insfx/churn/data" 101 times in churn_node1_0  (developer; 21.89 ms, 14.9% of the wall time of its cases)\n');
    // 100 lseek + write pairs taking 9.95 ms: under material_time (10 ms), so INFO, saying why
    expect(r.out).toContain('  ▶ INFO [T03] 100 reads or writes directly follow an lseek on the same file by the same process (in 1 file(s)): pread/pwrite do both in one call  (developer; 9.95 ms, 14.8% of the wall time of its cases)\n      ↪ Immaterial, so INFO (it would be WARN): 9.95 ms, 14.81% of the wall time of its cases (< material_time 10.00 ms)\n');
    expect(r.out).toContain('          pread(fd, buf, n, off);');
    const order = [...r.out.matchAll(/^ {2}▶ (\w+) \[(\w+)\]/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(order).toEqual(['WARN T05', 'INFO P01', 'INFO P03', 'INFO T03', 'INFO P08', 'OK P14']);
    // the codes strace cannot observe, each with its reason (one line per reason)
    const tail = r.out.slice(r.out.indexOf('Not observable from strace (docs/METHOD.md "Insights"):\n'));
    expect(tail.split('\n').slice(1, -1)).toEqual(UNOBSERVABLE_LINES);
  });

  it('--json with a partition: each finding with its side; --thresholds FILE changes the rules', async () => {
    const r = await run('insights', '--json', '--jobs', '1', '--green-cid', 'seek99', '--red-cid', 'churn', join(FX, 'seek_99'), join(FX, 'churn'));
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { insights: InsightJson[]; unobservable: UnobservableJson[] };
    expect(Object.keys(doc)).toEqual(['insights', 'unobservable']);
    expect(doc.unobservable).toEqual(UNOBSERVABLE.map((u) => ({ code: u.code, title: u.title, why: u.why })));
    // the strace-only rules (the P-rules also hold here: P08 misaligned writes, P01 write intensive)
    const notInfo = (fs: InsightJson[]) => fs.filter((f) => f.code.startsWith('T')).map((f) => [f.code, f.side]);
    expect(notInfo(doc.insights)).toEqual([['T05', 'red']]);
    // each with the time it accounts for, ranked by it among those to act on
    expect(doc.insights.map((f) => [f.code, f.level, f.side, f.run])).toEqual([['P08', 'HIGH', 'green', null], ['T05', 'WARN', 'red', null], ['P01', 'INFO', 'both', null], ['P03', 'INFO', 'both', null], ['P14', 'OK', 'green', null]]);
    expect(doc.insights[0].cost!.seconds).toBeGreaterThan(doc.insights[1].cost!.seconds);
    expect(doc.insights[4].cost).toBeNull();
    // both programs mostly write: the intensity finding holds on both sides
    expect(doc.insights.find((f) => f.code === 'P01')?.side).toBe('both');
    const th = join(tmp, 't.json');
    writeFileSync(th, '{"seek_pairs": 99}');
    const low = JSON.parse((await run('insights', '--json', '--jobs', '1', '--thresholds', th, '--green-cid', 'seek99', '--red-cid', 'churn', join(FX, 'seek_99'), join(FX, 'churn'))).out) as { insights: InsightJson[] };
    expect(notInfo(low.insights)).toEqual([['T05', 'red'], ['T03', 'green']]); // T03: 99 pairs in 9.9 ms, immaterial (INFO)
    expect(low.insights.find((f) => f.code === 'T03')?.numbers).toEqual({ pairs: 99, files: 1 });
  });

  it('analyze --json carries "insights"; a bad thresholds file is one line and exit 2', async () => {
    const a = await run('analyze', '--json', '--jobs', '1', join(FX, 'churn'));
    const doc = JSON.parse(a.out) as { insights: InsightJson[]; unobservable: UnobservableJson[]; nodes: object };
    expect(Object.keys(doc.nodes).length).toBeGreaterThan(3);
    expect(Array.isArray(doc.insights)).toBe(true); // still the documented list
    expect(doc.unobservable.map((u) => u.code)).toEqual(['S01', 'P07', 'M01', 'M02', 'M03', 'M04', 'M05', 'M06', 'M07', 'M08', 'M09', 'M10']);
    expect(doc.unobservable.every((u) => u.why.length > 20)).toBe(true);
    expect(doc.insights.map((f) => f.code)).toEqual(['T05', 'P01', 'P03']); // O_APPEND writes: offsets unknown, no P13/P14
    const th = join(tmp, 'bad.json');
    writeFileSync(th, '{"open_churm": 5}');
    const r = await run('insights', '--thresholds', th, join(FX, 'churn'));
    expect(r.code).toBe(2);
    expect(r.err).toBe(`strace-dfg: --thresholds: unknown threshold 'open_churm' (did you mean 'open_churn'?) (known: ${r.err.split('(known: ')[1]}`);
    expect((await run('insights', '--thresholds', join(tmp, 'none.json'), join(FX, 'churn'))).err).toBe(`strace-dfg: --thresholds ${join(tmp, 'none.json')}: cannot read (ENOENT)\n`);
    // the thresholds are a key of the view: --view carries them as the app's link does
    const v = JSON.parse((await run('insights', '--json', '--view', 'v=1&thresholds={"open_churn":200}', join(FX, 'churn'))).out) as { insights: InsightJson[] };
    expect(v.insights.map((f) => f.code)).not.toContain('T05');
  });
});
