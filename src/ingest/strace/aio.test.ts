/**
 * libaio requests read from io_submit lines (docs/FORMATS.md "libaio requests"), on lines of the real fio
 * libaio run (src/analysis/insights/__fixtures__/bench/fio-libaio; its iolog is checked against the Files
 * table in bench.test.ts) and on hand-edited variants of them.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseIocbs } from './aio';
import { parseStraceBytes } from './index';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const RUN = 'src/analysis/insights/__fixtures__/bench/fio-libaio/libaio_node1_0.st.gz';
const lines = gunzipSync(readFileSync(RUN)).toString('latin1').split('\n');

describe('parseIocbs', () => {
  it('reads every iocb of a real 4-request io_submit: opcode, file, size, offset; quoted buffers skipped', () => {
    const line = lines.find((l) => / io_submit\(0x[0-9a-f]+, 4, \[/.test(l) && l.endsWith('>'))!;
    const b = enc(line);
    const s = line.indexOf('(') + 1;
    const got = parseIocbs(b, s, line.lastIndexOf(')'));
    const want = [...line.matchAll(/aio_fildes=\d+<([^>]*)>, aio_buf="(?:[^"\\]|\\.)*"\.\.\., aio_nbytes=(\d+), aio_offset=(\d+)\}/g)].map((m) => ['aio_pwrite', m[1], +m[2], +m[3]]);
    expect(want).toHaveLength(4);
    expect(got.map((q) => ['' + q.call, line.slice(q.annS, q.annE), q.nbytes, q.offset])).toEqual(want);
    // the kernel took 2: only those
    expect(parseIocbs(b, s, line.lastIndexOf(')'), 2)).toHaveLength(2);
  });
  it('a buffer holding }, {aio_ and quotes does not start or end a request', () => {
    const t = 'io_submit(0x1, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=3</d/f>, aio_buf="}, {aio_lio_opcode=IOCB_CMD_PREAD, aio_nbytes=1\\"}", aio_nbytes=8, aio_offset=16}])';
    const got = parseIocbs(enc(t), 10, t.length - 1);
    expect(got.map((q) => [q.call, q.nbytes, q.offset])).toEqual([['aio_pwrite', 8, 16]]);
  });
  it('without -y there is no file; unknown opcodes (POLL, NOOP) move no data and are left out', () => {
    const t = 'io_submit(0x1, 2, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=3, aio_buf=0x1, aio_nbytes=4096, aio_offset=0}, {aio_data=0, aio_lio_opcode=IOCB_CMD_POLL, aio_fildes=4, aio_buf=0x1}])';
    const got = parseIocbs(enc(t), 10, t.length - 1);
    expect(got).toEqual([{ call: 'aio_pread', annS: -1, annE: -1, nbytes: 4096, offset: 0 }]);
  });
});

describe('io_submit lines become request events', () => {
  it('the real run: one aio_pwrite per request fio made (2,048), on the data file, at its offsets; io_submit on the file too', () => {
    const log = parseStraceBytes('libaio_node1_0.st', gunzipSync(readFileSync(RUN)));
    const reqs: [number, number][] = [];
    let submits = 0;
    for (let i = 0; i < log.n; i++) {
      const call = log.calls[log.pairCall[log.pair[i]]];
      const path = log.paths[log.pairFp[log.pair[i]]];
      if (call === 'aio_pwrite') {
        expect(path).toBe('/tmp/bench/fio-libaio/data');
        expect(Number.isNaN(log.dur[i])).toBe(true); // completion not in the trace
        reqs.push([log.offset[i], log.size[i]]);
      }
      if (call === 'io_submit') {
        submits++;
        expect(path).toBe('/tmp/bench/fio-libaio/data');
      }
    }
    // fio's own log of the run: every write, its offset and length
    const iolog = gunzipSync(readFileSync('src/analysis/insights/__fixtures__/bench/fio-libaio/truth/libaio_node1_0.iolog.gz')).toString('utf8').split('\n');
    const truth = iolog.map((l) => / write (\d+) (\d+)$/.exec(l)).filter((m) => m !== null).map((m) => [+m![1], +m![2]]);
    expect(truth).toHaveLength(2048);
    expect(reqs.slice().sort((a, b) => a[0] - b[0])).toEqual(truth.slice().sort((a, b) => a[0] - b[0]));
    expect(submits).toBe(lines.filter((l) => / io_submit\(/.test(l)).length);
  });
  it('the real run\'s split io_submit calls (<unfinished ...> while fio\'s main process ran): each request at the unfinished line\'s time, file and offset', () => {
    const log = parseStraceBytes('libaio_node1_0.st', gunzipSync(readFileSync(RUN)));
    const us = (hms: string): number => {
      const [h, m, sec] = hms.split(':');
      return (Number(h) * 3600 + Number(m) * 60) * 1e6 + Math.round(Number(sec) * 1e6);
    };
    // the trace's own split calls: the iocbs of each unfinished line, and how many its resumed line says were taken
    const want: string[] = [];
    const open = new Map<string, string[]>();
    for (const l of lines) {
      const u = /^(\d+) +(\S+) io_submit\(.*<unfinished \.\.\.>$/.exec(l);
      if (u) open.set(u[1], [...l.matchAll(/aio_fildes=\d+<([^>]*)>, aio_buf="(?:[^"\\]|\\.)*"\.\.\., aio_nbytes=(\d+), aio_offset=(\d+)\}/g)].map((m) => `${us(u[2])} ${m[1]} ${m[3]} ${m[2]}`));
      const r = /^(\d+) +\S+ <\.\.\. io_submit resumed>\) = (\d+)/.exec(l);
      if (r) want.push(...open.get(r[1])!.slice(0, Number(r[2])));
    }
    expect(want.length).toBeGreaterThanOrEqual(100);
    const got = new Set<string>();
    for (let i = 0; i < log.n; i++) {
      if (log.calls[log.pairCall[log.pair[i]]] !== 'aio_pwrite') continue;
      got.add(`${Math.round(log.start[i] * 1e6)} ${log.paths[log.pairFp[log.pair[i]]]} ${log.offset[i]} ${log.size[i]}`);
    }
    expect(want.filter((w) => !got.has(w))).toEqual([]);
  });
  it('a split io_submit: the requests the resumed line says were taken, at the call\'s start; a failed one none', () => {
    const t = [
      '5 10:00:00.000001 io_submit(0x1, 3, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=3</d/f>, aio_buf=0x1, aio_nbytes=10, aio_offset=0}, {aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=3</d/f>, aio_buf=0x1, aio_nbytes=20, aio_offset=10}, {aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=3</d/f>, aio_buf=0x1, aio_nbytes=30, aio_offset=30}] <unfinished ...>',
      '6 10:00:00.000002 close(4</d/g>) = 0 <0.000001>',
      '5 10:00:00.000009 <... io_submit resumed>) = 2 <0.000008>',
      '5 10:00:00.000010 io_submit(0x1, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=3</d/f>, aio_buf="x", aio_nbytes=1, aio_offset=0}]) = -1 EAGAIN (Resource temporarily unavailable) <0.000001>',
      '',
    ].join('\n');
    const log = parseStraceBytes('s.st', enc(t));
    const ev = Array.from({ length: log.n }, (_, i) => [log.calls[log.pairCall[log.pair[i]]], log.paths[log.pairFp[log.pair[i]]], log.size[i], log.offset[i], log.start[i]]);
    const t0 = 36000.000001;
    expect(ev.filter((e) => (e[0] as string).startsWith('aio_')).map((e) => [e[0], e[1], e[2], e[3], Math.round(((e[4] as number) - t0) * 1e6)])).toEqual([
      ['aio_pread', '/d/f', 10, 0, 0],
      ['aio_pread', '/d/f', 20, 10, 0],
    ]);
    expect(ev.filter((e) => e[0] === 'io_submit').map((e) => e[1])).toEqual(['/d/f', '/d/f']);
  });
});
