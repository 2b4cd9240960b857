/**
 * Untraced time in a load of a filtered strace run, a Darshan DXT log and an OTF2 trace together: the strace
 * cases keep strace's advice (the IOR run recorded with -e trace=openat,write,lseek: add -e trace=%file,%desc);
 * the Darshan and OTF2 cases get what fills their gaps for their format, and no strace option anywhere
 * (Session.untraced, what the Summary's "Untraced time" and `strace-dfg time` show).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../ingest/source';
import { DARSHAN_FIXTURES } from '../testing/darshanFixtures';
import { otf2Folder } from '../testing/otf2Fixtures';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, parseView } from './view';
import { LAYER_GAPS, TRACE_FILE_DESC } from '../analysis/time/index';

const MPIIO = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-untraced');

describe('untraced time of Darshan and OTF2 cases', () => {
  it('says what fills their gaps for their format; strace cases keep their advice', async () => {
    const s = new Session();
    const sum = await s.load(noCtx(), [
      bytesSource('mpi-io-test.darshan', new Uint8Array(readFileSync(join(DARSHAN_FIXTURES, MPIIO)))),
      ...otf2Folder('layered'),
      bytesSource('fpp_vm_0.st.gz', new Uint8Array(readFileSync(join(IOR, 'fpp_vm_0.st.gz')))),
    ]);
    expect(sum.errors).toEqual([]);
    await s.analyze(noCtx(), analyzeParams(parseView('v=1')));
    const u = await s.untraced(noCtx());
    expect(u.located).toBe(true);
    const formats = new Map<string, string>();
    for (const c of u.cases) formats.set(c.id, s.log!.files[s.log!.cases[c.case].file].format);
    const by = (f: string) => u.cases.filter((c) => formats.get(c.id) === f);
    expect([by('darshan').length, by('otf2').length, by('strace').length]).toEqual([32, 4, 1]);
    for (const f of ['darshan', 'otf2'] as const) {
      for (const c of by(f)) {
        expect([c.why, c.advice, c.missing, c.filtered]).toEqual([LAYER_GAPS[f], null, [], false]);
        for (const g of c.gaps) expect(g.text).toBe(`${g.where}; ${LAYER_GAPS[f]}`);
      }
    }
    // the DXT ranks spend time between their writes (mpi-io-test computes and waits between them)
    expect(by('darshan').some((c) => c.gaps.length > 0)).toBe(true);
    expect(JSON.stringify([...by('darshan'), ...by('otf2')])).not.toContain('-e trace');
    // T08 on the same load: the DXT and OTF2 cases' finding gives no strace filter advice (it said
    // "add -e trace=%file,%desc,%process,%clock,futex" on mpi-io-test before the format was known to gaps.ts)
    const ins = await s.insights(noCtx());
    const t08 = ins.findings.filter((f) => f.code === 'T08');
    expect(t08.length).toBeGreaterThan(0);
    const ids = new Set([...by('darshan'), ...by('otf2')].map((c) => c.id));
    let checked = 0;
    for (const f of t08) {
      for (const d of f.details.filter((x) => ids.has(x.slice(0, x.indexOf(':'))))) {
        checked++;
        expect(d).not.toContain('-e trace');
        expect(d).toContain(d.includes('DXT') ? LAYER_GAPS.darshan! : LAYER_GAPS.otf2!);
      }
    }
    expect(checked).toBeGreaterThan(0);
    const [st] = by('strace');
    expect(st.advice).toBe(TRACE_FILE_DESC);
    expect(st.why).toContain('add `-e trace=%file,%desc`');
  });
});
