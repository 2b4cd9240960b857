/**
 * P08–P14, the rules that need file offsets, each on a real traced program that triggers it and one that
 * does not (__fixtures__/README.md: `io` modes random, write/read, reread, rewrite, misaligned). The
 * numbers are recomputed from the raw trace text — the offset argument of each `pread64` / `pwrite64`
 * line, or the 1 MiB steps of plain `read` / `write` from offset 0 — not through the parser's offsets.
 */
import { reportText } from '../../lib/format';
import { describe, expect, test } from 'vitest';
import { NO_MATERIALITY as NM, codes, one, rawLines } from '../../testing/insightsFixtures';

const MiB = 1 << 20;

/** The (offset, size) of each `CALL(fd</…/FILE>, …, size, offset) = n` line, in trace order. */
function positioned(dir: string, call: 'pread64' | 'pwrite64', file: string): [number, number][] {
  const re = new RegExp(`^\\d+ \\S+ ${call}\\(\\d+<${file.replace(/[./]/g, '\\$&')}>, .*, \\d+, (\\d+)\\) = (\\d+) <`);
  return rawLines(dir)
    .map((l) => re.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), Number(m[2])]);
}

/** Darshan's access pattern of one process's request sequence: the last byte of the previous request starts
 * at 0, a request at last + 1 is consecutive, beyond it sequential, else random (a first request at 0 too). */
function pattern(reqs: [number, number][]): { requests: number; consecutive: number; sequential: number; random: number } {
  let last = 0;
  const out = { requests: reqs.length, consecutive: 0, sequential: 0, random: 0 };
  for (const [off, n] of reqs) {
    if (off === last + 1) out.consecutive++;
    else if (off > last) out.sequential++;
    else out.random++;
    last = off + n - 1;
  }
  return out;
}

describe('P08 misaligned requests', () => {
  test('1 MiB pwrites at 4 KiB + k MiB (misaligned) and 100 B requests at multiples of 200 B (small_random) trigger; 1 MiB steps from 0 do not', () => {
    const reqs = positioned('misaligned', 'pwrite64', '/tmp/insfx/misaligned/data');
    expect(reqs.length).toBeGreaterThan(0);
    expect(reqs.every(([off]) => off % MiB === 4096)).toBe(true);
    const p08 = one('misaligned', 'P08');
    expect(p08.level).toBe('HIGH');
    expect(p08.numbers.misaligned).toBe(reqs.length);
    expect(p08.numbers.alignment).toBe(MiB);
    expect(p08.files.map((f) => f.name)).toEqual(['/tmp/insfx/misaligned/data']);
    const small = [...positioned('small_random', 'pwrite64', '/tmp/insfx/small_random/data'), ...positioned('small_random', 'pread64', '/tmp/insfx/small_random/data')];
    expect(one('small_random', 'P08').numbers.misaligned).toBe(small.filter(([off]) => off % MiB !== 0).length);
    expect(codes('large_sequential')).not.toContain('P08');
    // a 4 KiB alignment makes the misaligned run aligned
    expect(codes('misaligned', { alignment: 4096 })).not.toContain('P08');
  });

  test('an alignment that is not a power of two (the remainder itself, not a mask of the low bits): 12 KiB and 200 B', () => {
    const reqs = positioned('misaligned', 'pwrite64', '/tmp/insfx/misaligned/data');
    const off12k = reqs.filter(([off]) => off % 12288 !== 0).length;
    expect(off12k).toBeGreaterThan(0);
    expect(off12k).toBeLessThan(reqs.length);
    expect(one('misaligned', 'P08', { alignment: 12288 }).numbers.misaligned).toBe(off12k);
    // small_random's requests lie at multiples of 200 B: all aligned to 200 B, none to 256 B's mask alone
    const small = [...positioned('small_random', 'pwrite64', '/tmp/insfx/small_random/data'), ...positioned('small_random', 'pread64', '/tmp/insfx/small_random/data')];
    expect(small.every(([off]) => off % 200 === 0)).toBe(true);
    expect(codes('small_random', { alignment: 200 })).not.toContain('P08');
    expect(one('small_random', 'P08', { alignment: 256 }).numbers.misaligned).toBe(small.filter(([off]) => off % 256 !== 0).length);
  });
});

describe('P09 / P10 redundant traffic', () => {
  test('P09: 64 KiB written once, read 4 times at offset 0 (reread); not when every byte is read once (large_sequential)', () => {
    const reads = positioned('reread', 'pread64', '/tmp/insfx/reread/data');
    expect(reads).toEqual([0, 0, 0, 0].map((off) => [off, 65536]));
    const p09 = one('reread', 'P09', NM);
    expect(p09.level).toBe('WARN');
    expect(p09.numbers).toEqual({ bytes: 4 * 65536, highest_offset: 65536, files: 1, excess: 3 * 65536 });
    // 192 KiB read again in microseconds: immaterial with the defaults (at most INFO, and it says why)
    const d = one('reread', 'P09');
    expect(d.level).toBe('INFO');
    expect(reportText(d.details[0])).toMatch(/^Immaterial, so INFO \(it would be WARN\): .* of the wall time of its cases \(< material_time 10.00 ms, < material_share 2.00%\); 192 KiB, 60.00% of the run's bytes \(< material_bytes 1.00 MiB\)$/);
    expect(codes('reread')).not.toContain('P10');
    expect(codes('large_sequential')).not.toContain('P09');
    expect(codes('rewrite')).not.toContain('P09');
  });

  test('P10: the same 64 KiB pwritten 4 times at offset 0 (rewrite); not when each byte is written once (reread, large_sequential)', () => {
    const writes = positioned('rewrite', 'pwrite64', '/tmp/insfx/rewrite/data');
    expect(writes).toEqual([0, 0, 0, 0].map((off) => [off, 65536]));
    const p10 = one('rewrite', 'P10', NM);
    expect(p10.level).toBe('WARN');
    expect(p10.numbers).toEqual({ bytes: 4 * 65536, highest_offset: 65536, files: 1, excess: 3 * 65536 });
    expect(p10.files.map((f) => f.name)).toEqual(['/tmp/insfx/rewrite/data']);
    expect(codes('reread')).not.toContain('P10');
    expect(codes('large_sequential')).not.toContain('P10');
  });
});

describe('P11–P14 access pattern', () => {
  test('P11 / P13: descending preads and pwrites are random (small_random), with the counts of the raw offsets', () => {
    const file = '/tmp/insfx/small_random/data';
    const p13 = one('small_random', 'P13');
    expect(p13.level).toBe('HIGH');
    expect(p13.numbers).toEqual(pattern(positioned('small_random', 'pwrite64', file)));
    expect(p13.numbers.random).toBeGreaterThan(1000);
    const p11 = one('small_random', 'P11');
    expect(p11.numbers).toEqual(pattern(positioned('small_random', 'pread64', file)));
    expect(p11.files.map((f) => f.name)).toEqual([file]);
    // random requests are not "mostly consecutive": no OK finding beside them
    expect(codes('small_random')).not.toContain('P12');
    expect(codes('small_random')).not.toContain('P14');
  });

  test('P12 / P14 (OK): 8 × 1 MiB read and written from offset 0 (large_sequential) are consecutive; no P11 / P13 there', () => {
    const rw = (call: string) => rawLines('large_sequential').filter((l) => new RegExp(`^\\d+ \\S+ ${call}\\(\\d+</tmp/insfx/large_sequential/data>, .*= 1048576 <`).test(l)).length;
    expect([rw('read'), rw('write')]).toEqual([8, 8]);
    const p12 = one('large_sequential', 'P12');
    const p14 = one('large_sequential', 'P14');
    expect([p12.level, p14.level]).toEqual(['OK', 'OK']);
    // as the Files table counts them (Darshan): the first request, at offset 0, is random
    expect(p12.numbers).toEqual({ requests: 8, consecutive: 7, sequential: 0, random: 1 });
    expect(p14.numbers).toEqual({ requests: 8, consecutive: 7, sequential: 0, random: 1 });
    expect(p14.message).toBe('Application mostly uses consecutive (87.50%) and sequential (0.00%) write requests');
    expect(codes('large_sequential')).not.toContain('P11');
    expect(codes('large_sequential')).not.toContain('P13');
  });

  test('random_operations_absolute is the boundary: as many random pwrites as the threshold are not "more than" it', () => {
    const random = pattern(positioned('small_random', 'pwrite64', '/tmp/insfx/small_random/data')).random;
    expect(codes('small_random', { random_operations_absolute: random })).not.toContain('P13');
    expect(codes('small_random', { random_operations_absolute: random - 1 })).toContain('P13');
  });
});
