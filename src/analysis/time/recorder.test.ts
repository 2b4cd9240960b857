/**
 * The app's recorder (src/ui/strace.sh, the README's recipe) traces close and the fsync-type calls by default
 * (issue #27.6), so that the time a program spends in them is traced time, not an untraced gap: recorded
 * live on `dd conv=fsync` / `conv=fdatasync` and `sync`, and read back as the CLI reads a trace folder.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/cliRun';
import { requireTools } from '../../testing/needs';
import { traceDirLog } from '../../testing/traceDir';
import { untracedTime } from './gaps';

requireTools('strace');

const RECORDER = join(import.meta.dirname, '..', '..', 'ui', 'strace.sh');

describe('src/ui/strace.sh records what the untraced-time inference needs', () => {
  it('close, fsync, fdatasync and sync are in the trace by default; the untraced-time inference finds neither close nor fsync missing', () => {
    const dir = tempDir('recorder');
    const script = `dd if=/dev/zero of=${dir}/a bs=4096 count=8 conv=fsync 2>/dev/null; dd if=/dev/zero of=${dir}/b bs=4096 count=8 conv=fdatasync 2>/dev/null; sync`;
    const r = spawnSync('sh', [RECORDER, 'rec', 'sh', '-c', script], { env: { ...process.env, STRACE_DIR: `${dir}/traces`, PMI_RANK: '0' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const log = traceDirLog(`${dir}/traces`);
    expect(log.cases.map((c) => c.cid)).toEqual(['rec']);
    const calls = new Set<string>();
    for (let i = 0; i < log.n; i++) calls.add(`${log.calls[log.pairCall[log.pair[i]]]}:${log.paths[log.pairFp[log.pair[i]]]}`);
    for (const c of ['fsync', 'fdatasync', 'close']) expect([...calls].some((x) => x.startsWith(`${c}:${dir}/`)), c).toBe(true);
    expect(calls.has('sync:')).toBe(true);
    // the trace text itself (not only the parse): dd's fsync and close lines
    const text = readFileSync(`${dir}/traces/${log.cases[0].id}.st`, 'utf8');
    expect(text).toMatch(/ fsync\(\d+<[^>]*\/a>\) = 0/);
    expect(text).toMatch(/ close\(\d+<[^>]*\/b>\) = 0/);
    // the inference agrees: the filter left out waits (wait4, futex: neither %file nor %desc), not close or fsync
    const u = untracedTime(log).cases[0];
    expect([u.filtered, u.missing]).toEqual([true, ['waits']]);
  });
});
