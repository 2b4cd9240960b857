import { describe, expect, it } from 'vitest';
import { EventLogBuilder } from './builder';
import { BYTES_PER_EVENT, caseFromFileName, emptyFileReport, logBytes, validate, type EventLog } from './eventlog';

/** Two cases: x (3 events, pushed out of order), y (1 event, one dropped). */
function sample(): EventLog {
  const b = new EventLogBuilder(2); // tiny capacity: forces grow()
  const read = b.internCall('read');
  const etc = b.internPath('/etc/passwd');
  const p = b.pairOf(read, etc);
  const q = b.pairOf(b.internCall('write'), b.internPath('/dev/pts/0'));
  const f = b.addFile(emptyFileReport('x_h_1.st', 'strace'));
  b.beginCase({ id: 'x_h_1', cid: 'x', host: 'h', rid: '1', pid: null }, f);
  b.push(1, p, 0, 2.0, 0.5, 10, 1);
  b.push(1, q, b.internErrno('EBADF'), 1.0, NaN, 0, 2);
  b.push(2, p, 0, 2.0, 0.25, NaN, 3); // tie at 2.0: stays after line 1
  b.endCase();
  const g = b.addFile(emptyFileReport('y.st', 'strace'));
  b.beginCase({ id: 'y', cid: '', host: '', rid: '', pid: null }, g);
  const i = b.push(3, q, 0, 5, 1, 1, 1);
  b.push(3, p, 0, 4, 1, 1, 2);
  b.drop(i);
  b.endCase();
  return b.build('clock');
}

describe('EventLogBuilder + validate', () => {
  it('builds a valid log: cases sorted by start (stable), dropped events removed', () => {
    const log = sample();
    expect(() => validate(log)).not.toThrow();
    expect(log.n).toBe(4);
    expect(Array.from(log.caseOffsets)).toEqual([0, 3, 4]);
    expect(Array.from(log.start)).toEqual([1, 2, 2, 4]);
    expect(Array.from(log.line)).toEqual([2, 1, 3, 2]);
    expect(Array.from(log.pid)).toEqual([1, 1, 2, 3]);
    expect(log.errnos[log.errno[0]]).toBe('EBADF');
    expect(log.paths[0]).toBe('');
    expect(log.pairCall.length).toBe(2);
    expect(logBytes(log)).toBe(4 * BYTES_PER_EVENT + 3 * 4 + 2 * 4 + 2 * 4);
    expect(BYTES_PER_EVENT).toBe(46);
  });

  const broken: [string, (l: EventLog) => void, RegExp][] = [
    ['short column', (l) => (l.size = l.size.slice(1)), /column size has 3 entries, expected 4/],
    ['offsets length', (l) => (l.caseOffsets = Uint32Array.from([0, 4])), /caseOffsets length/],
    ['offsets span', (l) => (l.caseOffsets = Uint32Array.from([0, 3, 3])), /span \[0, n\]/],
    ['paths[0]', (l) => (l.paths[0] = 'x'), /paths\[0\]/],
    ['errnos[0]', (l) => (l.errnos[0] = 'E'), /errnos\[0\]/],
    ['pair columns', (l) => (l.pairFp = l.pairFp.slice(1)), /pair table columns/],
    ['pair call range', (l) => (l.pairCall[0] = 99), /pair 0 has call id out of range/],
    ['pair fp range', (l) => (l.pairFp[1] = 99), /pair 1 has fp id out of range/],
    ['duplicate pair', (l) => ((l.pairCall[1] = l.pairCall[0]), (l.pairFp[1] = l.pairFp[0])), /pair 1 duplicates/],
    ['duplicate string', (l) => l.calls.push('read'), /string table calls has duplicates/],
    ['duplicate case', (l) => (l.cases[1] = { ...l.cases[1], id: 'x_h_1' }), /duplicate case id x_h_1/],
    ['file index', (l) => (l.cases[1] = { ...l.cases[1], file: 7 }), /case y has file index out of range/],
    ['negative case', (l) => (l.caseOffsets = Uint32Array.from([0, 5, 4])), /case y has negative length/],
    ['unsorted', (l) => (l.start[0] = 3), /case x_h_1 not sorted by start at event 1/],
    ['pair range', (l) => (l.pair[2] = 5), /event 2 has pair out of range/],
    ['errno range', (l) => (l.errno[3] = 9), /event 3 has errno out of range/],
    ['start', (l) => (l.start[3] = Infinity), /event 3 has non-finite start/],
    ['dur', (l) => (l.dur[1] = -1), /event 1 has negative dur/],
    ['size', (l) => (l.size[0] = -1), /event 0 has negative size/],
  ];
  for (const [name, breakIt, msg] of broken) {
    it(`rejects: ${name}`, () => {
      const log = sample();
      breakIt(log);
      expect(() => validate(log)).toThrow(msg);
    });
  }
  it('accepts unknown dur/size (NaN) and an empty log', () => {
    const log = sample();
    log.dur.fill(NaN);
    log.size.fill(NaN);
    expect(() => validate(log)).not.toThrow();
    expect(() => validate(new EventLogBuilder().build('none'))).not.toThrow();
  });
  it('abortCase removes the open case; misuse throws', () => {
    const b = new EventLogBuilder();
    const f = b.addFile(emptyFileReport('z.st', 'strace'));
    b.beginCase({ id: 'z', cid: '', host: '', rid: '', pid: null }, f);
    b.push(1, b.pairOf(b.internCall('read'), 0), 0, 0, 0, 0, 1);
    expect(() => b.beginCase({ id: 'w', cid: '', host: '', rid: '', pid: null }, f)).toThrow(/still open/);
    expect(() => b.build('none')).toThrow(/still open/);
    b.abortCase();
    const log = b.build('none');
    expect([log.n, log.cases.length]).toEqual([0, 0]);
    expect(() => b.endCase()).toThrow(/no open case/);
  });
});

describe('EventLogBuilder columns', () => {
  const pushed = (cap: number, starts: number[], drop: number[] = []): { b: EventLogBuilder; log: EventLog } => {
    const b = new EventLogBuilder(cap);
    const p = b.pairOf(b.internCall('read'), b.internPath('/x'));
    b.beginCase({ id: 'c', cid: '', host: '', rid: '', pid: null }, b.addFile(emptyFileReport('c.st', 'strace')));
    starts.forEach((t, i) => b.push(i, p, 0, t, 0.5, i, i + 1, i * 10));
    for (const i of drop) b.drop(i);
    b.endCase();
    return { b, log: b.build('clock') };
  };

  it('removes dropped events in runs (first, middle, neighbours, last), the rest in order', () => {
    const { log } = pushed(16, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 4, 5, 9, 7]);
    expect(Array.from(log.pid)).toEqual([1, 2, 3, 6, 8]);
    expect(Array.from(log.start)).toEqual([1, 2, 3, 6, 8]);
    expect(Array.from(log.offset)).toEqual([10, 20, 30, 60, 80]);
    expect(Array.from(log.line)).toEqual([2, 3, 4, 7, 9]);
    expect(Array.from(log.caseOffsets)).toEqual([0, 5]);
  });

  it('sorts a case pushed out of order (also when only a dropped event was out of order)', () => {
    expect(Array.from(pushed(4, [3, 1, 2]).log.pid)).toEqual([1, 2, 0]);
    expect(Array.from(pushed(4, [1, 5, 3], [1]).log.start)).toEqual([1, 3]);
  });
});

describe('caseFromFileName', () => {
  it('parses {cid}_{host}_{rid}.st, else the base name is the id', () => {
    expect(caseFromFileName('dir/ior_jwc01n001_12345.st')).toEqual({ id: 'ior_jwc01n001_12345', cid: 'ior', host: 'jwc01n001', rid: '12345' });
    expect(caseFromFileName('a_node_b_7.st.4242')).toEqual({ id: 'a_node_b_7', cid: 'a', host: 'node_b', rid: '7' });
    expect(caseFromFileName('C:\\t\\plain.st')).toEqual({ id: 'plain', cid: '', host: '', rid: '' });
    expect(caseFromFileName('a_b_c.txt')).toEqual({ id: 'a_b_c.txt', cid: '', host: '', rid: '' });
  });
});
