/**
 * strace -k: the frames after a call's line are that call's stack (docs/FORMATS.md "Stacks"). Checked on the
 * real -k fixtures of src/analysis/layers/__fixtures__ against an independent reading of the same text
 * (regular expressions, line by line), whatever the chunking and scanner.
 */
import { describe, expect, test } from 'vitest';
import { framesOf, validate, type EventLog } from '../../model';
import { accounted, digest, parseChunked } from '../../testing/straceTestkit';
import { stackFixtures } from '../../testing/stackFixtures';
import { looksLikeStrace } from './looks';
import { parseStraceBytes } from './parser';

const latin1 = (b: Uint8Array): string => new TextDecoder('latin1').decode(b);
const utf8 = (s: string): string => new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));

/**
 * The stack of each event, by the line its event starts on, read with regular expressions: frames belong
 * to the call line before them (the resumed line of a call split in two, whose event starts on its
 * unfinished line); none after a call that gives no event, a signal or an exit.
 */
function expectedStacks(text: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const pend = new Map<string, number>();
  const lines = text.split('\n');
  let target = -1;
  let frames: string[] = [];
  let carry: { text: string; no: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i];
    let no = i + 1;
    if (l.startsWith(' > ')) {
      frames.push(utf8(l.slice(3)));
      continue;
    }
    if (frames.length) {
      if (target > 0) out.set(target, frames);
      frames = [];
    }
    if (carry) {
      // a call line cut by an strace message (stderr): it goes on on this line
      l = carry.text + l;
      no = carry.no;
      carry = null;
    }
    const cut = /^(.*\S)strace: Process \d+ attached$/.exec(l);
    if (cut && /\(/.test(cut[1])) {
      carry = { text: cut[1], no };
      continue;
    }
    if (l.startsWith('strace: ') || l.trim() === '') continue;
    const m = /^(?:\[pid +(\d+)\] +|(\d+) +)?[\d:.]+ +(.*)$/.exec(l);
    if (!m) continue;
    const pid = m[1] ?? m[2] ?? '';
    const rest = m[3];
    target = -1;
    if (/^(\+\+\+|---)/.test(rest)) continue;
    const res = /^<\.\.\. \w+ resumed>/.test(rest);
    if (res) {
      const at = pend.get(pid);
      pend.delete(pid);
      if (at !== undefined && !/\) += \?( |$)/.test(rest)) target = at;
      continue;
    }
    if (/<unfinished \.\.\.>$/.test(rest)) {
      pend.set(pid, no);
      target = no;
      continue;
    }
    const splice = /^\w+\(.* > (\S.* \[0x[0-9a-f]+\])$/.exec(rest);
    if (splice && !/\) += /.test(rest)) {
      // another stack's frame cut this call's line
      pend.set(pid, no);
      frames.push(utf8(splice[1]));
      continue;
    }
    if (!/\) += \? (ERESTART|<unavailable>)/.test(rest)) target = no;
  }
  if (frames.length && target > 0) out.set(target, frames);
  return out;
}

function stackTexts(log: EventLog, i: number): string[] {
  if (!log.stack || !log.stacks) return [];
  return Array.from(framesOf(log.stacks, log.stack[i]), (f) => log.stacks!.frames[f]);
}

const fixtures = stackFixtures();

describe('strace -k: each call has the frames that follow its line', () => {
  test('the fixtures are there', () => expect(fixtures.length).toBeGreaterThanOrEqual(15));
  for (const f of fixtures) {
    test(f.name, () => {
      const log = parseStraceBytes(f.name, f.bytes);
      validate(log);
      expect(log.files[0].flags?.stacks).toBe(true);
      expect(log.files[0].dropped.unparsable ?? 0).toBe(0);
      // every line is accounted for: events, frames of a stack, dropped lines
      expect(accounted(log)).toBe(log.files[0].lines);
      const want = expectedStacks(latin1(f.bytes));
      let withStack = 0;
      for (let i = 0; i < log.n; i++) {
        expect({ line: log.line[i], frames: stackTexts(log, i) }).toEqual({ line: log.line[i], frames: want.get(log.line[i]) ?? [] });
        if (log.stack![i] !== 0) withStack++;
      }
      // every call strace printed a stack for has it
      expect(withStack).toBe(log.n);
      // one id per distinct stack and frame
      const st = log.stacks!;
      const keys = new Set<string>();
      for (let s = 1; s < st.start.length - 1; s++) keys.add(Array.from(framesOf(st, s)).join(','));
      expect(keys.size).toBe(st.start.length - 2);
      // the sniffer takes it (a head of frames is neither for nor against)
      expect(looksLikeStrace(f.bytes.subarray(0, 4096))).toBe(true);
    });
  }

  test('a thread\'s exit stack printed into another call\'s line (real: c/c_all.st): the call is kept, the frames are no one\'s', () => {
    const f = fixtures.find((x) => x.name === 'c/c_all.st')!;
    const text = latin1(f.bytes);
    const cutLine = text.split('\n').findIndex((l) => /^\d+ [\d:.]+ pwrite64\(.* > \/.*\[0x[0-9a-f]+\]$/.test(l)) + 1;
    expect(cutLine).toBeGreaterThan(0);
    const log = parseStraceBytes(f.name, f.bytes);
    const i = Array.from(log.line).indexOf(cutLine);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(log.calls[log.pairCall[log.pair[i]]]).toBe('pwrite64');
    expect(log.size[i]).toBe(512);
    expect(log.files[0].dropped['orphan-stack-frame']).toBeGreaterThan(0);
  });

  test('chunked, through the JavaScript scanner alone, with CRLF line ends: the same log', () => {
    for (const f of fixtures.filter((x) => /c_all|cxx|romio_vm_0|h5py\.st/.test(x.name))) {
      const ref = digest(parseStraceBytes(f.name, f.bytes));
      expect(digest(parseChunked(f.name, f.bytes, 1))).toEqual(ref);
      expect(digest(parseChunked(f.name, f.bytes, 333, { scan: 'js' }))).toEqual(ref);
      const crlf = Uint8Array.from(latin1(f.bytes).replace(/\n/g, '\r\n'), (c) => c.charCodeAt(0));
      const c = parseStraceBytes(f.name, crlf);
      expect(Array.from(c.stack!)).toEqual(Array.from(parseStraceBytes(f.name, f.bytes).stack!));
    }
  });

  test('frames of every form strace prints: no symbol, errors, demangled C++, source lines (strace ≥ 6.10 -kk)', () => {
    const text = [
      '100 10:00:00.000001 write(3</tmp/a>, "x", 1) = 1 <0.000001>',
      ' > /usr/lib/libc.so.6(__write+0x10) [0xf8350]',
      ' > /tmp/app() [0x124b]',
      ' > unexpected_backtracing_error [0x7f00]',
      ' > /usr/lib/libstdc++.so.6(std::basic_filebuf<char, std::char_traits<char> >::overflow(int)+0xce) [0x10b1de]',
      ' > /tmp/app(main+0x4e) [0x12b5] /src/app.c:42',
      ' > too many stack frames',
      '100 10:00:00.000002 exit_group(0) = ?',
      '100 10:00:00.000003 +++ exited with 0 +++',
      ' > /usr/lib/libc.so.6(_exit+0x29) [0xd4409]',
      '',
    ].join('\n');
    const log = parseStraceBytes('k.st', Uint8Array.from(text, (c) => c.charCodeAt(0)));
    expect(stackTexts(log, 0)).toEqual(text.split('\n').slice(1, 7).map((l) => l.slice(3)));
    expect(stackTexts(log, 1)).toEqual([]);
    expect(log.files[0].dropped).toMatchObject({ 'stack-frame': 6, 'orphan-stack-frame': 1 });
  });

  test('no -k: no stack column, no stack table', () => {
    const log = parseStraceBytes('x.st', Uint8Array.from('1 10:00:00.000001 read(3</a>, "", 1) = 0 <0.000001>\n', (c) => c.charCodeAt(0)));
    expect(log.stack).toBeUndefined();
    expect(log.stacks).toBeUndefined();
    expect(log.files[0].flags?.stacks).toBeUndefined();
  });

  test('a text of frame-like lines alone is not a trace', () => {
    const text = Array.from({ length: 20 }, (_, k) => ` > quoted reply line ${k}`).join('\n');
    expect(looksLikeStrace(Uint8Array.from(text, (c) => c.charCodeAt(0)))).toBe(false);
  });
});
