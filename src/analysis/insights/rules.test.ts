/**
 * Each rule on a real traced program that triggers it and one that does not (__fixtures__/README.md).
 * Counts are cross-checked against the raw trace text where a line count can tell them independently.
 */
import { describe, expect, test } from 'vitest';
import { NO_MATERIALITY as NM, codes, findings, grep, one } from '../../testing/insightsFixtures';
import { phasesLog } from '../../testing/phasesFixture';
import { runInsights } from '.';
import { NAME_CALLS, OPEN_CALLS } from './calls';

describe('P01–P06: intensity and small requests', () => {
  test('P01/P03 write intensive (fsync_every, rewrite); P02/P04 read intensive (reread); none when balanced (small_random)', () => {
    const p01 = one('fsync_every', 'P01');
    expect(p01.level).toBe('INFO');
    expect(p01.target).toBe('developer');
    expect(p01.numbers).toEqual({ reads: 0, writes: grep('fsync_every', /^\d+ \S+ write\(\d+<\/tmp\/insfx\//) });
    expect(p01.message).toBe('Application is write operation intensive (100.00% writes vs. 0.00% reads)');
    expect(one('rewrite', 'P03').numbers).toEqual({ bytes_read: 0, bytes_written: 4 * 65536 });
    expect(one('reread', 'P02').numbers).toEqual({ reads: 4, writes: 1 });
    expect(one('reread', 'P04').message).toBe('Application is read size intensive (20.00% write vs. 80.00% read)');
    const balanced = codes('small_random');
    for (const c of ['P01', 'P02', 'P03', 'P04']) expect(balanced).not.toContain(c);
  });

  test('P05/P06 small requests: 1,010 of 100 B each way (small_random); not with 1 MiB requests (large_sequential)', () => {
    const p05 = one('small_random', 'P05');
    const reads = grep('small_random', /pread64\(\d+<\/tmp\/insfx\/small_random\/data>.*= 100 </);
    expect(reads).toBe(1010);
    expect(p05.numbers.small).toBe(reads);
    expect(p05.level).toBe('HIGH');
    expect(p05.message).toBe('Application issues a high number (1010) of small read requests (i.e., < 1.00 MiB) which represents 100.00% of all read requests');
    expect(p05.files.map((c) => c.name)).toEqual(['/tmp/insfx/small_random/data']);
    expect(p05.cases).toEqual([{ name: 'smallrandom_node1_0', value: 1010, share: 1 }]);
    expect(p05.activities).toEqual(['pread64:/tmp/insfx']);
    expect(p05.recommendations[0].snippet?.lang).toBe('c');
    // the hook to the replay: its what-if (the app's Replay dialog opens with it) and the CLI line
    const hook = p05.recommendations.find((r) => r.replay);
    expect(hook?.replay).toEqual({ coalesce: 1 << 20 });
    expect(hook?.snippet?.code).toContain('strace-dfg replay --out replay-1m --coalesce 1MiB');
    expect(one('small_random', 'P06').activities).toEqual(['pwrite64:/tmp/insfx']);
    expect(codes('large_sequential')).not.toContain('P05');
    expect(codes('large_sequential')).not.toContain('P06');
    // the absolute threshold is the boundary: 1,010 small writes are not "more than 1,010"
    expect(codes('small_random', { small_requests_absolute: 1010 })).not.toContain('P06');
  });
});

describe('P15–P22: shared files, metadata time, imbalance', () => {
  test('P15/P16 small requests to a file every case touches (shared_small); not when one of 3 cases stays away (partial_small)', () => {
    const p16 = one('shared_small', 'P16');
    expect(p16.numbers.small).toBe(grep('shared_small', /pwrite64\(\d+<\/tmp\/insfx\/shared_small\/s\.dat>.*= 100 </));
    expect(p16.cases.map((c) => c.name).sort()).toEqual(['sharedsmall_node1_0', 'sharedsmall_node1_1']);
    expect(one('shared_small', 'P15').numbers.small).toBe(1040);
    expect(codes('partial_small')).not.toContain('P15');
    expect(codes('partial_small')).not.toContain('P16');
  });

  test('P17 a case with > 30 s of metadata time (a 31 s FIFO open); none in a plain run', () => {
    const p17 = one('slow_open', 'P17');
    expect(p17.numbers.max_seconds).toBeGreaterThan(30);
    expect(p17.files[0].name).toBe('/tmp/insfx/slow_open/fifo');
    expect(codes('metadata_calm')).not.toContain('P17');
    expect(codes('ranks_imbalanced')).not.toContain('P17');
  });

  test('P18/P19 stragglers on shared.dat, P21/P22 write/read imbalance on pair.dat (ranks_imbalanced); none balanced', () => {
    const p18 = one('ranks_imbalanced', 'P18');
    expect(p18.target).toBe('user');
    expect(p18.files.map((c) => c.name)).toEqual(['/tmp/insfx/ranks_imbalanced/shared.dat']);
    expect(p18.details[0]).toMatch(/^Load imbalance of \d+\.\d\d% detected while accessing "\/tmp\/insfx\/ranks_imbalanced\/shared.dat"$/);
    expect(one('ranks_imbalanced', 'P19').files[0].name).toBe('/tmp/insfx/ranks_imbalanced/shared.dat');
    const p21 = one('ranks_imbalanced', 'P21');
    // rank 0 writes 8 × 64 KiB, rank 1 2 × 64 KiB: (8 − 2) / 8
    expect(p21.numbers.max_imbalance).toBeCloseTo(0.75, 10);
    expect(p21.files.map((c) => c.name)).toEqual(['/tmp/insfx/ranks_imbalanced/pair.dat']);
    expect(one('ranks_imbalanced', 'P22').numbers.max_imbalance).toBeCloseTo(7 / 8, 10);
    const bal = codes('ranks_balanced');
    for (const c of ['P18', 'P19', 'P21', 'P22', 'T06', 'T07']) expect(bal).not.toContain(c);
  });
});

describe('T-rules: what only strace sees', () => {
  test('T01 metadata storm: > 1,000 lookups in the PATH search case; not in ls or in 101 open/close rounds', () => {
    const t01 = one('metadata_storm', 'T01');
    // every call that looks a name up starts a line `PID TIME NAME(` (a resumed call is `<... NAME resumed>`);
    // the application's are those in its own directory (/tmp/insfx: the empty PATH entries; relative names
    // there), the rest is
    // start-up (the loader, /usr/bin, /etc …), counted apart
    const call = `^\\d+ \\S+ (${[...OPEN_CALLS, ...NAME_CALLS, 'execve', 'execveat'].join('|')})\\(`;
    const lookups = grep('metadata_storm', new RegExp(call), 'pathsearch');
    const own = grep('metadata_storm', new RegExp(`${call}(AT_FDCWD(<[^>]*>)?, )?"(/tmp/insfx|[^/"])`), 'pathsearch');
    expect(t01.cases.map((c) => c.name)).toEqual(['pathsearch_node1_0']);
    expect(t01.numbers.calls).toBeGreaterThan(1000);
    expect(t01.numbers.calls).toBe(own);
    // glibc's fstat is newfstatat(fd, "", …, AT_EMPTY_PATH): a stat by descriptor, no lookup
    const byFd = grep('metadata_storm', /^\d+ \S+ newfstatat\(\d+<[^>]*>, "", .*AT_EMPTY_PATH\)/, 'pathsearch');
    expect(byFd).toBeGreaterThan(0);
    expect(t01.numbers.calls + t01.numbers.startup_calls).toBe(lookups - byFd);
    expect(t01.details.at(-1)).toMatch(/^Start-up \(the loader, .*\) adds \d+ lookups taking .*, not counted here$/);
    expect(t01.level).toBe('WARN');
    expect(t01.message).toMatch(/; probing: PATH search$/);
    expect(t01.details).toContain('PATH search: "nosuchcmd" looked up in 29 directories (1,073 failing calls)');
    expect(t01.recommendations[0].snippet?.code).toContain('export PATH=');
    expect(t01.details[0]).toBe('999 (99.80%) lookups are under "/tmp/insfx/bin" (27 directories)');
    // the Python and library searches are smaller runs, and their lookups mostly of runtime files (`*.so`,
    // `*.py`): start-up, judged by time, apart; named when the thresholds are low
    const low = findings('metadata_storm', { metadata_storm_calls: 200, metadata_storm_min_time: 0, metadata_storm_time: 0 }).filter((f) => f.code === 'T01');
    expect(low.map((f) => f.message.replace(/:.*/, ''))).toEqual([
      '3 case(s) issue a metadata storm on the application\'s files',
      '3 case(s) issue a start-up metadata storm (system and runtime files',
    ]);
    expect(low[0].cases.map((c) => c.name).sort()).toEqual(['libsearch_node1_0', 'pathsearch_node1_0', 'pythonpath_node1_0']);
    expect(low[0].message).toMatch(/probing: (PATH search|Python path|library search), (PATH search|Python path|library search), (PATH search|Python path|library search)$/);
    expect(low[1].details).toContain('Python path: "__init__.so" looked up in 9 directories (27 failing calls)');
    expect(low[1].details.find((d) => d.startsWith('library search: "libselinux.so.1"')), low[1].details.join('\n')).toMatch(/looked up in 1[23] directories/);
    expect(codes('metadata_calm')).not.toContain('T01');
    expect(codes('churn')).not.toContain('T01');
  });

  test('T02 failing calls: 120 of 120 opens fail (HIGH); 5 of 100 do not count', () => {
    const t02 = one('failures', 'T02');
    expect(t02.level).toBe('HIGH');
    expect(t02.numbers.failing).toBe(grep('failures', /openat\(.*probe_target.*ENOENT/));
    expect(t02.activity).toBe('openat:/tmp/insfx');
    expect(t02.activities).toEqual(['openat:/tmp/insfx']);
    expect(t02.details[0]).toBe('120 (100.00%) are openat ENOENT');
    expect(codes('failures_rare')).not.toContain('T02');
    expect(grep('failures_rare', /probe_target.*ENOENT/)).toBe(5);
  });

  test('T03 lseek + write: 100 pairs trigger, 99 do not', () => {
    const t03 = one('seek', 'T03');
    expect(t03.numbers.pairs).toBe(100);
    expect(t03.activities).toEqual(['lseek:/tmp/insfx', 'write:/tmp/insfx']);
    expect(codes('seek_99')).not.toContain('T03');
  });

  test('T04 an fsync per write triggers, one per 100 writes does not', () => {
    expect(one('fsync_every', 'T04').numbers).toEqual({ syncs: 20, writes: 20, files: 1 });
    expect(codes('fsync_rare')).not.toContain('T04');
  });

  test('T05 the same file opened 101 times in a case triggers, 100 times does not', () => {
    const t05 = one('churn', 'T05');
    expect(t05.numbers.max_opens).toBe(grep('churn', /openat\(.*churn\/data.*= \d+</));
    expect(t05.numbers.max_opens).toBe(101);
    expect(codes('churn_100')).not.toContain('T05');
  });

  test('T06 rank 0 moves most of the bytes; T07 it is the straggler (ranks_imbalanced)', () => {
    const t06 = one('ranks_imbalanced', 'T06');
    expect(t06.message).toMatch(/^Case imb_node1_0 \(the first rank\) moves \d+\.\d\d% of the bytes/);
    expect(t06.numbers.bytes_share).toBeGreaterThan(0.5);
    expect(one('ranks_imbalanced', 'T07', NM).cases.map((c) => c.name)).toEqual(['imb_node1_0']);
  });

  test('T07 per I/O phase: the O_DSYNC writer in the write phase, the O_DIRECT reader in the read phase (the time fixture)', () => {
    const t07 = runInsights(phasesLog()).findings.filter((f) => f.code === 'T07');
    // every mapped call counts (the time views' busy time); material against the phase they lengthen
    expect(t07.map((f) => [f.level, f.message.replace(/ \(.*/, ''), f.cases.map((c) => c.name)])).toEqual([
      ['WARN', '1 case(s) spend more time in I/O during I/O phase 2 of 3', ['phases_node1_3']],
      ['WARN', '1 case(s) spend more time in I/O during I/O phase 3 of 3', ['phases_node1_1']],
    ]);
    // under the raw mapping rank 3 is also above mean + σ in the start-up, by one slow call: not a straggler
    const phase1 = phasesLog();
    const ph = runInsights(phase1, { thresholds: { straggler_excess: 0 } }).findings.filter((f) => f.code === 'T07');
    expect(ph.some((f) => f.message.includes('phase 1 of 3'))).toBe(false);
  });

  test('T08 1.5 s of computation without calls triggers; 1.2 s in a traced sleep does not', () => {
    const t08 = one('compute', 'T08');
    expect(t08.numbers.wall).toBeGreaterThan(1);
    expect(t08.numbers.traced / t08.numbers.wall).toBeLessThan(0.5);
    expect(t08.numbers.filtered).toBe(0);
    expect(codes('sleep')).not.toContain('T08');
  });

  test('T09 small requests on a file 2 of 3 cases touch (partial_small) and on one both touch; not on large requests', () => {
    const t09 = one('partial_small', 'T09');
    expect(t09.numbers).toMatchObject({ small: 1040, files: 1, shared_by_all: 0 });
    expect(one('shared_small', 'T09').numbers.shared_by_all).toBe(1);
    expect(codes('ranks_balanced')).not.toContain('T09');
  });
});
