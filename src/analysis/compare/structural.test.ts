/**
 * Structural differences on real runs (docs/METHOD.md "Structural differences"): the sentences name exactly
 * the activities that an independent reading of the trace text finds in every case of one side and in no
 * case of the other. The reading: every line's call and the file strace annotated (`-y`: `3</etc/passwd>`,
 * or the quoted path of a path call), cut to the mapping's 2 components, per case — a regular expression
 * per line, not our parser.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mergeLogs } from '../../model';
import { traceDirLogGz, traceFileLog } from '../../testing/traceDir';
import { resolvePartition } from '../partition';
import { DEFAULT_MAPPING } from '../types';
import { compare } from './compare';
import { nameList, splitActivity, verb } from './structural';

const LINE = /^(?:\[pid\s+)?\d+\]? +\S+ +(\w+)\((?:AT_FDCWD(?:<[^>]*>)?, "([^"]*)"|[^<"]*?<([^>]+)>|"([^"]*)")?/;
const trunc2 = (p: string): string => (p.startsWith('/') ? '/' + p.split('/').filter(Boolean).slice(0, 2).join('/') : p);

/** Per case (file name without .st/.gz): the set of `call:path` (path cut to 2 components). */
function reading(dirs: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const dir of dirs) {
    for (const f of readdirSync(dir).filter((x) => /\.st(\.gz)?$/.test(x))) {
      const raw = readFileSync(join(dir, f));
      const text = (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      const acts = new Set<string>();
      for (const line of text.split('\n')) {
        const m = LINE.exec(line);
        const path = m && (m[2] ?? m[3] ?? m[4]);
        if (path) acts.add(`${m[1]}:${trunc2(path)}`);
      }
      out.set(f.replace(/\.st(\.gz)?$/, ''), acts);
    }
  }
  return out;
}

/** The activities in every case whose id matches `one` and in no case matching `other`. */
function oneSide(read: Map<string, Set<string>>, one: RegExp, other: RegExp): Set<string> {
  const a = [...read].filter(([k]) => one.test(k)).map(([, s]) => s);
  const b = [...read].filter(([k]) => other.test(k)).map(([, s]) => s);
  return new Set([...a[0]].filter((x) => a.every((s) => s.has(x)) && b.every((s) => !s.has(x))));
}

describe('structural differences on real runs', () => {
  it("ls vs ls -l (the paper's Figure 3): red additionally reads the four files, in one sentence", () => {
    const log = mergeLogs(readdirSync('public/samples').filter((f) => /^[ab]_.*\.st$/.test(f)).sort().map((f) => traceFileLog(`public/samples/${f}`)));
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:a', 'cid:b'));
    const want = oneSide(reading(['public/samples']), /^b_/, /^a_/);
    expect([...want].sort()).toEqual(['read:/etc/group', 'read:/etc/nsswitch.conf', 'read:/etc/passwd', 'read:/usr/share']);
    const only = res.structural!.filter((s) => s.kind === 'only');
    expect(only).toHaveLength(1);
    expect(new Set(only[0].activities)).toEqual(want);
    expect(only[0].text).toMatch(/^red additionally reads (\/etc\/nsswitch\.conf|\/etc\/passwd|\/etc\/group|\/usr\/share)(, \S+){2} and \S+ in all 3 red cases, none of the 3 green cases$/);
    for (const a of want) expect(only[0].text).toContain(splitActivity(a)[1]);
    // nothing green-only: the green side's activities are all in ls -l too
    expect(oneSide(reading(['public/samples']), /^a_/, /^b_/).size).toBe(0);
    // the figure's only green edge: the same two activities in another order
    const order = res.structural!.filter((s) => s.kind === 'order' && s.side === 'green');
    expect(order.map((s) => s.edges)).toEqual([['read:/etc/locale.alias -> write:/dev/pts']]);
    // first in the top list, before the run time
    expect(res.top[0].text).toBe(only[0].text);
    expect(res.top[0].kind).toBe('structure');
  });

  it('POSIX vs MPI-IO (Open MPI runs of ior-like.c, 8 ranks each): exactly the calls only MPI-IO makes', () => {
    const a = traceDirLogGz('e2e/fixtures/ior-ssf-fpp/');
    const b = traceDirLogGz('e2e/fixtures/ior-mpiio/');
    const log = mergeLogs([a.log, b.log]);
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:ssf', 'cid:mpiio'));
    const read = reading(['e2e/fixtures/ior-ssf-fpp/', 'e2e/fixtures/ior-mpiio/']);
    const ids = new Set(res.activities.map((r) => r.id));
    // the mapping hides system files (MPI's start-up): what the reading finds among the analysed activities
    const red = new Set([...oneSide(read, /^mpiio_/, /^ssf_/)].filter((x) => ids.has(x)));
    const green = new Set([...oneSide(read, /^ssf_/, /^mpiio_/)].filter((x) => ids.has(x)));
    expect([...red].sort()).toEqual(['fcntl:/scratch/ior', 'newfstatat:/scratch/ior', 'statfs:/scratch/ior', 'unlink:/scratch/ior']);
    expect(green.size).toBe(0);
    const named = res.structural!.filter((s) => s.kind !== 'order');
    expect(new Set(named.flatMap((s) => s.activities))).toEqual(red);
    expect(named.map((s) => s.text)).toEqual(['red additionally calls fcntl, newfstatat, statfs and unlink on /scratch/ior in all 8 red cases, none of the 8 green cases']);
  });

  const RW = 'src/analysis/compare/__fixtures__/rwapi/';
  it('lseek + write/read vs pwrite64/pread64 (rwapi.c): a substitution on the same file, not two lists', () => {
    const { log } = traceDirLogGz(RW);
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:seek', 'cid:pos'));
    const read = reading([RW]);
    const ids = new Set(res.activities.map((r) => r.id));
    const green = [...oneSide(read, /^seek_/, /^pos_/)].filter((x) => ids.has(x)).sort();
    const red = [...oneSide(read, /^pos_/, /^seek_/)].filter((x) => ids.has(x)).sort();
    expect(green).toEqual(['lseek:/scratch/cmp', 'read:/scratch/cmp', 'write:/scratch/cmp']);
    expect(red).toEqual(['pread64:/scratch/cmp', 'pwrite64:/scratch/cmp']);
    expect(res.structural).toHaveLength(1);
    const s = res.structural![0];
    expect(s.kind).toBe('substitution');
    expect([...s.activities].sort()).toEqual([...green, ...red].sort());
    expect(s.text).toBe('red uses pwrite64, pread64 where green uses write, lseek, read on /scratch/cmp, in all 4 red cases and all 4 green cases');
    expect(res.top[0].text).toBe(s.text);
  });

  it('the same program run again (rwapi pos, interleaved runs): no structural difference', () => {
    const { log } = traceDirLogGz(RW);
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:pos', 'cid:again'));
    expect(oneSide(reading([RW]), /^pos_/, /^again_/).size).toBe(0);
    expect(oneSide(reading([RW]), /^again_/, /^pos_/).size).toBe(0);
    expect(res.structural).toEqual([]);
  });

  it('words', () => {
    expect(nameList(['a'])).toBe('a');
    expect(nameList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(nameList(['a', 'b', 'c'], 2)).toBe('a, b and 1 more');
    expect(verb('pread64')).toBe('reads');
    expect(verb('fcntl')).toBe('calls fcntl on');
    expect(splitActivity('hdf5 › pwrite64:/scratch/x')).toEqual(['pwrite64', 'hdf5 › /scratch/x']);
    expect(splitActivity('(no call)')).toEqual(['(no call)', '']);
  });
});
