import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from './gen-traces.mjs';
import { StraceParser } from '../src/ingest/strace';
import { mergeLogs, validate } from '../src/model';

const root = mkdtempSync(join(tmpdir(), 'gen-traces-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gen = (name: string, seed: number) => ({ dir: join(root, name), res: generate({ files: 6, mb: 3, seed, out: join(root, name) }) });
const a = gen('a', 7);
const b = gen('b', 7);
const c = gen('c', 8);
const traces = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.st')).sort();

// The line shapes of `strace -f -tt -T -y` (written independently of the parser under test).
const PREFIX = String.raw`^\d+ +\d\d:\d\d:\d\d\.\d{6} `;
const SHAPES = [
  new RegExp(PREFIX + String.raw`[a-z0-9_]+\(.*\) = (-?\d+|\d+<.+>|-1 E[A-Z]+ \(.+\)|\? ERESTARTSYS \(.+\)) <\d+\.\d{6}>$`),
  new RegExp(PREFIX + String.raw`[a-z0-9_]+\(.* <unfinished \.\.\.>$`),
  new RegExp(PREFIX + String.raw`<\.\.\. [a-z0-9_]+ resumed>.*\) = (\d+|\? ERESTARTSYS \(.+\)) <\d+\.\d{6}>$`),
  new RegExp(PREFIX + String.raw`--- SIG[A-Z0-9]+ \{.*\} ---$`),
  new RegExp(PREFIX + String.raw`\+\+\+ (exited with \d+|killed by SIG[A-Z]+) \+\+\+$`),
];

describe('gen-traces', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(traces(a.dir)).toEqual(traces(b.dir));
    for (const f of traces(a.dir)) expect(readFileSync(join(a.dir, f)).equals(readFileSync(join(b.dir, f)))).toBe(true);
    const same = traces(c.dir).every((f, i) => f === traces(a.dir)[i] && readFileSync(join(c.dir, f)).equals(readFileSync(join(a.dir, traces(a.dir)[i]))));
    expect(same).toBe(false);
  });

  it('writes the asked number of {cid}_{host}_{rid}.st files and at least the asked size', () => {
    const names = traces(a.dir);
    expect(names).toHaveLength(6);
    for (const n of names) expect(n).toMatch(/^(ioreasy|iorhard)_jrc\d{4}_\d+\.st$/);
    expect(a.res.bytes).toBeGreaterThanOrEqual(3 * 2 ** 20);
    expect(a.res.bytes).toBeLessThan(3.2 * 2 ** 20);
  });

  it('writes only well-formed strace lines, with every required ingredient', () => {
    const all: string[] = [];
    for (const f of traces(a.dir)) {
      const text = readFileSync(join(a.dir, f), 'latin1');
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.slice(0, -1).split('\n');
      const pending = new Map<string, string>();
      for (const line of lines) {
        expect(SHAPES.some((re) => re.test(line)), line).toBe(true);
        const pid = line.slice(0, line.indexOf(' '));
        const un = /^\S+ +\S+ ([a-z0-9_]+)\(.*<unfinished \.\.\.>$/.exec(line);
        const re = /^\S+ +\S+ <\.\.\. ([a-z0-9_]+) resumed>/.exec(line);
        if (un) {
          expect(pending.has(pid), `two unfinished calls of pid ${pid}`).toBe(false);
          pending.set(pid, un[1]);
        } else if (re) {
          expect(pending.get(pid)).toBe(re[1]);
          pending.delete(pid);
        } else if (!line.includes('+++') && !line.includes('---')) {
          expect(pending.has(pid), `pid ${pid} has a call in flight: ${line}`).toBe(false);
        }
      }
      expect([...pending.keys()]).toEqual([]);
      all.push(text);
    }
    const text = all.join('');
    for (const needle of ['<unfinished ...>', 'resumed>', '-1 ENOENT (', '-1 EAGAIN (', 'ERESTARTSYS', '--- SIGCHLD', '--- SIGUSR1', '+++ exited with 0 +++',
      '+++ killed by SIGTERM +++', '<pipe:[', '<socket:[', '<anon_inode:[eventfd]>', '</usr/lib/x86_64-linux-gnu/libc.so.6>', 'fsync(', 'lseek(', 'newfstatat(', 'close(', 'stat("/scratch/']) {
      expect(text.includes(needle), needle).toBe(true);
    }
  });

  it('parses with the strace importer without an unparsable line', () => {
    const logs = traces(a.dir).map((f) => {
      const p = new StraceParser(f);
      p.push(readFileSync(join(a.dir, f)));
      return p.finish();
    });
    const log = mergeLogs(logs);
    validate(log);
    expect(log.cases.map((k) => k.cid).sort()).toEqual(['ioreasy', 'ioreasy', 'ioreasy', 'iorhard', 'iorhard', 'iorhard']);
    for (const f of log.files) {
      expect(f.dropped.unparsable ?? 0, f.name).toBe(0);
      expect(f.dropped.erestart, f.name).toBeGreaterThan(0);
    }
    // every non-signal, non-exit line is an event, except the unfinished halves and the ERESTARTSYS pair
    expect(log.n).toBeGreaterThan(a.res.lines * 0.95);
  });
});
