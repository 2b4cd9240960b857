import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate, type EventLog } from '../../model';
import { parseStraceBytes } from './index';
import { accounted, rows } from '../../testing/straceTestkit';

const FX = join(__dirname, '__fixtures__');
const bytes = (name: string) => new Uint8Array(readFileSync(join(FX, name)));
const load = (name: string): EventLog => {
  const log = parseStraceBytes(name, bytes(name));
  validate(log);
  expect(accounted(log)).toBe(log.files[0].lines);
  return log;
};
const text = (name: string) => readFileSync(join(FX, name), 'latin1');
/** Independent count of the complete call lines of a real -o trace (no unfinished in these). */
const trunc2 = (fp: string) => (fp.startsWith('/') ? '/' + fp.split('/').slice(1, 3).join('/') : fp);

describe("the paper's Figure 1 traces (ls and ls -l, strace -f -tt -T -y -e trace=read,write)", () => {
  for (const cid of ['a', 'b']) {
    test(`cid ${cid}: 3 cases with read/write events on /usr/lib, /etc, /dev/pts`, () => {
      for (const rid of ['1', '2', '3']) {
        const name = `${cid}_node1_${rid}.st`;
        const log = load(name);
        expect(log.cases).toEqual([{ id: `${cid}_node1_${rid}`, cid, host: 'node1', rid, file: 0, pid: null }]);
        const r = rows(log);
        const calls = text(name).split('\n').filter((l) => / (read|write)\(/.test(l));
        expect(r.length).toBe(calls.length);
        expect(new Set(r.map((e) => e.call))).toEqual(new Set(['read', 'write']));
        const fps = new Set(r.map((e) => trunc2(e.fp)));
        expect(fps.has('/usr/lib')).toBe(true);
        expect(fps.has('/etc/locale.alias')).toBe(true);
        expect([...fps].some((f) => /^\/dev\/pts$/.test(f))).toBe(true);
        expect(r.every((e) => e.dur >= 0 && e.size >= 0)).toBe(true);
        if (cid === 'b') for (const f of ['/etc/nsswitch.conf', '/etc/passwd', '/etc/group']) expect(fps.has(f)).toBe(true);
        if (cid === 'a') expect(fps.has('/etc/passwd')).toBe(false);
        // bytes: the sum of the decimal return values in the text
        const sum = calls.reduce((s, l) => s + Number(/\) = (\d+)/.exec(l)![1]), 0);
        expect(r.reduce((s, e) => s + e.size, 0)).toBe(sum);
        // -e trace=read,write: lseek not traced (and no open either): the read/write positions are unknown
        expect(log.files[0].flags).toEqual({ timestamps: 'tt', durations: true, annotations: true, pids: 'prefix', lseekTraced: false });
        expect(Array.from(log.offset).every((o) => Number.isNaN(o))).toBe(true);
        expect(log.files[0].dropped).toEqual({ exit: 1 });
      }
    });
  }
});

describe('one workload under each strace flag variant', () => {
  const base = load('flags_tt.st');
  const sig = (log: EventLog) => rows(log).map((e) => `${e.call} ${e.fp.replace(/pipe:\[\d+\]/, 'pipe')} ${e.errno} ${e.size}`).sort();
  const cases: [string, string, EventLog['timeBase'], boolean][] = [
    ['flags_t.st', 't', 'clock', true], ['flags_tt.st', 'tt', 'clock', true], ['flags_ns.st', 'ns', 'clock', true],
    ['flags_ttt.st', 'ttt', 'epoch', true], ['flags_r.st', 'r', 'relative', true], ['flags_r_tt.st', 'tt+r', 'clock', true],
    ['flags_noT.st', 'tt', 'clock', false], ['flags_nots.st', 'none', 'none', true],
  ];
  for (const [name, ts, tb, durations] of cases) {
    test(`${name}: timestamps ${ts}, time base ${tb}, durations ${durations}`, () => {
      const log = load(name);
      const f = log.files[0];
      expect(f.flags).toEqual({ timestamps: ts, durations, annotations: true, pids: 'prefix', lseekTraced: false }); // -e trace=openat,read,write,close
      expect(log.timeBase).toBe(tb);
      expect(sig(log)).toEqual(sig(base));
      expect(Array.from(log.dur).every((d) => (durations ? d >= 0 : Number.isNaN(d)))).toBe(true);
      if (!durations) expect(f.warnings.join()).toMatch(/-T/);
      if (tb === 'none') {
        expect(f.warnings.join()).toMatch(/no timestamps/);
        expect(Array.from(log.start)).toEqual(Array.from(log.line));
      }
    });
  }

  test('-r: start is the running sum of every line\'s delta (signal and exit lines too)', () => {
    const log = load('flags_r.st');
    let sum = 0;
    const starts = new Map<number, number>();
    text('flags_r.st').split('\n').forEach((l, i) => {
      const m = /^\d+ +(\d+\.\d+) /.exec(l);
      if (!m) return;
      sum += Number(m[1]);
      starts.set(i + 1, sum);
    });
    for (let i = 0; i < log.n; i++) expect(Math.abs(log.start[i] - starts.get(log.line[i])!)).toBeLessThan(1e-9);
    expect(log.files[0].dropped.signal).toBeGreaterThan(0);
  });

  test('-ttt: epoch seconds; -tt and -r -tt: seconds since midnight', () => {
    const e = load('flags_ttt.st');
    const first = Number(/^\d+ +(\d+\.\d+)/.exec(text('flags_ttt.st'))![1]);
    expect(e.start[0]).toBe(first);
    const c = load('flags_r_tt.st');
    const [h, m, s] = /^\d+ +(\d+):(\d+):(\d+\.\d+)/.exec(text('flags_r_tt.st'))!.slice(1).map(Number);
    expect(Math.abs(c.start[0] - (h * 3600 + m * 60 + s))).toBeLessThan(1e-9);
  });

  test('-k: stack frame lines are each call\'s stack (stacks.test.ts), calls still parse', () => {
    const log = load('flags_k.st');
    const frames = (text('flags_k.st').match(/^ > /gm) ?? []).length;
    expect(frames).toBeGreaterThan(10);
    const d = log.files[0].dropped;
    expect((d['stack-frame'] ?? 0) + (d['orphan-stack-frame'] ?? 0)).toBe(frames);
    expect(log.stacks?.frames.length).toBeGreaterThan(5);
    expect(log.files[0].dropped.unparsable ?? 0).toBe(0);
    expect(rows(log).some((e) => e.call === 'read' && e.fp === '/etc/hostname')).toBe(true);
  });

  test('no -f: no pid prefix, pid 0', () => {
    const log = load('flags_nof.st');
    expect(log.files[0].flags?.pids).toBe('none');
    expect(new Set(log.pid)).toEqual(new Set([0]));
    expect(log.n).toBeGreaterThan(0);
  });

  test('no -y: calls have no fp except the open family (path argument), and a warning', () => {
    const log = load('flags_noy.st');
    const r = rows(log);
    expect(r.filter((e) => e.call !== 'openat').every((e) => e.fp === '')).toBe(true);
    expect(r.some((e) => e.call === 'openat' && e.fp === '/etc/hostname')).toBe(true);
    expect(log.files[0].flags?.annotations).toBe(false);
    expect(log.files[0].warnings.join()).toMatch(/-y/);
  });

  test('-ff: one file per pid, the pid taken from the file name', () => {
    const files = readdirSync(FX).filter((f) => f.startsWith('flags_ff.st.'));
    expect(files.length).toBeGreaterThan(1);
    let total = 0;
    for (const f of files) {
      const log = load(f);
      const pid = Number(f.split('.').pop());
      expect(new Set(log.pid)).toEqual(new Set([pid]));
      expect(log.files[0].flags?.pids).toBe('filename');
      expect(log.cases[0].id).toBe('flags_ff');
      total += log.n;
    }
    expect(total).toBe(base.n);
  });

  test('-yy: device suffixes dropped, sockets kept whole', () => {
    const fps = new Set(rows(load('flags_yy.st')).map((e) => e.fp));
    expect([...fps].some((f) => /^\/dev\/pts\/\d+$/.test(f))).toBe(true);
    expect([...fps].some((f) => f.includes('<'))).toBe(false);
    expect([...fps].some((f) => /^TCP:\[\d+\]$/.test(f))).toBe(true);
    expect([...fps].some((f) => /^UNIX-STREAM:\[\d+->\d+\]$/.test(f))).toBe(true);
  });

  test('strace writing to stderr: [pid N] prefixes, the unprefixed first process gets its pid', () => {
    const log = load('flags_stderr.st');
    const f = log.files[0];
    expect(f.flags?.pids).toBe('bracket');
    expect(f.dropped['strace-message']).toBeGreaterThan(0);
    expect(f.dropped.unparsable ?? 0).toBe(0);
    expect(log.pid.includes(0)).toBe(false);
    const firstBracket = Number(/\[pid +(\d+)\]/.exec(text('flags_stderr.st'))![1]);
    const attached = [...text('flags_stderr.st').matchAll(/Process (\d+) attached/g)].map((m) => Number(m[1]));
    const main = attached.includes(firstBracket) ? null : firstBracket;
    if (main !== null) expect(log.pid[0]).toBe(main);
  });
});

describe('multi-process, multi-threaded and killed programs', () => {
  test('multiproc: unfinished/resumed merged per pid, SIGCHLD dropped', () => {
    const log = load('multiproc_f_tt_T_y.st');
    const t = text('multiproc_f_tt_T_y.st');
    const unfinished = (t.match(/<unfinished \.\.\.>$/gm) ?? []).length;
    const f = log.files[0];
    expect(unfinished).toBeGreaterThan(5);
    expect(f.dropped.resumed).toBe(unfinished - (f.dropped['orphan-unfinished'] ?? 0) - (f.dropped['unfinished-exited'] ?? 0) / 2);
    expect(f.dropped.signal).toBe((t.match(/--- SIGCHLD/g) ?? []).length);
    expect(new Set(log.pid).size).toBeGreaterThan(3);
    // a merged read has the start of its unfinished line and the duration of its resumed line
    const lines = t.split('\n');
    const i = lines.findIndex((l) => /read\(.*<unfinished/.test(l));
    const pid = lines[i].split(' ')[0];
    const res = lines.findIndex((l, k) => k > i && l.startsWith(pid + ' ') && l.includes('<... read resumed>'));
    const ev = rows(log).find((e) => e.line === i + 1)!;
    expect(ev.call).toBe('read');
    expect(ev.dur).toBeCloseTo(Number(/<(\d+\.\d+)>$/.exec(lines[res])![1]), 9);
  });

  test('threads: pwrite64/pread64 sizes, fsync, per-thread pids', () => {
    const r = rows(load('threads_f_tt_T_y.st'));
    const pw = r.filter((e) => e.call === 'pwrite64' && e.fp.endsWith('/shared.dat'));
    expect(pw.length).toBe(24);
    expect(pw.every((e) => e.size === 4096)).toBe(true);
    expect(r.filter((e) => e.call === 'fsync' && e.fp.endsWith('/shared.dat')).length).toBe(24);
    expect(new Set(pw.map((e) => e.pid)).size).toBe(4);
  });

  test('killed: the read interrupted by SIGKILL is dropped, the kill lines counted', () => {
    const log = load('killed_sigterm.st');
    const f = log.files[0];
    expect(f.dropped['unfinished-exited']).toBe(2);
    expect(f.dropped.exit).toBe(2);
    expect(text('killed_sigterm.st')).toMatch(/\+\+\+ killed by SIGTERM \+\+\+/);
    expect(rows(log).some((e) => e.call === 'kill')).toBe(true);
  });

  test('weird paths from a real run: markup, ") = ", quotes, backslash, invalid UTF-8, é, deleted', () => {
    const fps = new Set(rows(load('weird_paths.st')).map((e) => e.fp));
    for (const name of ['<img src=x onerror=alert(1)>', 'a) = b', 'q"uote', 'back\\slash', 'inv\uFFFD\uFFFDutf', 'é'])
      expect(fps.has(`/tmp/strace-fx/weird/${name}`)).toBe(true);
    expect(fps.has('/nonexistent')).toBe(true);
    expect(fps.has('/etc/nonrel')).toBe(true);
    expect(fps.has('/etc/nope')).toBe(true);
  });
});
