/**
 * Drishti's alignment rules on the real Darshan logs (rules/darshanAlign.ts): on every log of the collection
 * P07 fires exactly when POSIX_MEM_NOT_ALIGNED / (POSIX_READS + POSIX_WRITES) > misaligned_requests (10 %),
 * P08 exactly when POSIX_FILE_NOT_ALIGNED does, on logs without DXT; where the LUSTRE module has records
 * P08 recommends a Lustre alignment and names the files' stripe settings as the LUSTRE records hold them.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DARSHAN_FIXTURES, darshanFixture } from '../../../testing/darshanFixtures';
import { column, tableOf, type Profile } from '../../../model/profile';
import { runInsights } from '../index';

const LOGS = readdirSync(DARSHAN_FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(DARSHAN_FIXTURES, d.name)).filter((f) => f.endsWith('.darshan')).map((f) => join(d.name, f)));

function sum(p: Profile, name: string): number {
  const t = tableOf(p, 'POSIX');
  const c = t && column(t, name);
  let s = 0;
  if (t && c) for (let r = 0; r < t.rank.length; r++) s += Math.max(0, c(r));
  return s;
}

describe('P07 and P08 from the counters', () => {
  const fired = { P07: 0, P08: 0, lustre: 0 };
  test.each(LOGS)('%s', (rel) => {
    const log = darshanFixture(rel);
    const p = log.profiles![0];
    const ops = sum(p, 'POSIX_READS') + sum(p, 'POSIX_WRITES');
    const f = new Map(runInsights(log).findings.map((x) => [x.code, x]));
    const p07 = ops > 0 && sum(p, 'POSIX_MEM_NOT_ALIGNED') / ops > 0.1;
    expect(f.get('P07')?.level).toBe(p07 ? 'HIGH' : undefined);
    if (!p.hasDxt) {
      const p08 = ops > 0 && sum(p, 'POSIX_FILE_NOT_ALIGNED') / ops > 0.1;
      const got = f.get('P08');
      expect(got?.level).toBe(p08 ? 'HIGH' : undefined);
      const lustre = tableOf(p, 'LUSTRE');
      if (got && lustre && lustre.rank.length) {
        expect(got.recommendations.map((r) => r.text)).toContain('Consider using a Lustre alignment that matches the file system stripe configuration');
        const lines = got.details.filter((d) => d.startsWith('Lustre: '));
        const files = lines.reduce((a, d) => a + Number(/^Lustre: (\d+) file/.exec(d)![1]), 0);
        expect(files).toBe([...Array(lustre.rank.length).keys()].filter((r) => column(lustre, 'LUSTRE_STRIPE_SIZE')!(r) >= 0).length);
        fired.lustre++;
      }
    }
    if (f.has('P07')) fired.P07++;
    if (f.has('P08') && !p.hasDxt) fired.P08++;
  });

  test('they fire on some logs and not on others (the labels are not all one way)', () => {
    expect(fired.P07).toBeGreaterThan(0);
    expect(fired.P08).toBeGreaterThan(0);
    expect(fired.lustre).toBeGreaterThan(0);
    expect(fired.P08).toBeLessThan(LOGS.length);
  });

  test("E3SM-IO's log: 1 MiB stripes over 56 OSTs on its Lustre files", () => {
    const f = runInsights(darshanFixture('e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan')).findings.find((x) => x.code === 'P08')!;
    expect(f.message).toMatch(/^Application issues a high number \(\d+\.\d\d%\) of misaligned file requests$/);
    expect(f.details.filter((d) => d.startsWith('Lustre: '))[0]).toMatch(/^Lustre: \d+ files? with 1\.00 MiB stripes over 56 OSTs$/);
  });
});
