import { describe, expect, test } from 'vitest';
import { parsedStackFixtures, stackFixtures } from '../testing/stackFixtures';
import { validate, type EventLog } from './eventlog';
import { joinForkedFiles, splitCasesByPid } from './transform';
import { mergeLogs } from './merge';
import { StackInterner, framesOf, stackColumn } from './stacks';

/** Each event's stack as its frame texts joined, keyed by (file, line). */
function stacksByEvent(log: EventLog, withFile = true): Map<string, string> {
  const out = new Map<string, string>();
  for (let k = 0; k < log.cases.length; k++) {
    const file = withFile ? log.files[log.cases[k].file].name : '';
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const st = log.stacks;
      const text = st && log.stack ? Array.from(framesOf(st, log.stack[i]), (f) => st.frames[f]).join('\n') : '';
      out.set(`${file}:${log.line[i]}:${log.pid[i]}`, text);
    }
  }
  return out;
}

const parse = parsedStackFixtures;

describe('stacks through the model', () => {
  test('StackInterner: one id per distinct run of frames, 0 for none', () => {
    const s = new StackInterner();
    const a = s.intern([s.frame('x'), s.frame('y')], 2);
    expect(s.intern([0, 1], 2)).toBe(a);
    expect(s.intern([1, 0], 2)).not.toBe(a);
    expect(s.intern([0], 1)).not.toBe(a);
    expect(s.intern([], 0)).toBe(0);
    for (let k = 0; k < 5000; k++) expect(s.intern([k % 2, k, k + 1], 3)).toBe(s.intern([k % 2, k, k + 1], 3));
    const t = s.table();
    expect(t.start.length - 1).toBe(s.count);
    expect(Array.from(framesOf(t, a))).toEqual([0, 1]);
  });

  test('the column is 16-bit up to 65,536 stacks, 32-bit beyond', () => {
    expect(stackColumn(3, 65536)).toBeInstanceOf(Uint16Array);
    expect(stackColumn(3, 65537)).toBeInstanceOf(Uint32Array);
  });

  test('merged logs keep each event\'s stack (frames re-interned), a log without stacks gets stack 0', () => {
    const logs = parse(['c/c_all.st', 'cxx/cxx.st', 'mpi-romio/romio_vm_0.st']);
    const [plain] = parse(['c/c_nof.st']).map((l) => ({ ...l, stack: null, stacks: null, files: [{ ...l.files[0], name: 'plain.st' }] }));
    const m = mergeLogs([...logs, plain]);
    validate(m);
    const want = new Map<string, string>();
    for (const l of [...logs, plain]) for (const [k, v] of stacksByEvent(l)) want.set(k, v);
    expect(stacksByEvent(m)).toEqual(want);
    expect(m.stack![m.n - 1]).toBe(0);
    // shared columns (the CLI's pool) too
    const s = mergeLogs(logs, true);
    expect(s.stack!.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(stacksByEvent(s)).toEqual(stacksByEvent(mergeLogs(logs)));
  });

  test('split by pid and -ff files joined keep the stacks', () => {
    const [all] = parse(['c/c_all.st']);
    const split = splitCasesByPid(all);
    validate(split);
    expect(split.cases.length).toBe(3);
    expect(stacksByEvent(split)).toEqual(stacksByEvent(all));
    const ff = mergeLogs(parse(stackFixtures('c/ff').map((f) => f.name)).map((l) => ({ ...l, files: l.files.map((r) => ({ ...r, name: r.name.replace(/^c\/ff\//, '') })) })));
    const joined = joinForkedFiles(ff);
    validate(joined);
    expect(joined.cases.length).toBe(1);
    // (-ff: the pid is the file's, so line and pid name an event)
    expect(stacksByEvent(joined, false)).toEqual(stacksByEvent(ff, false));
  });
});
