/**
 * Each data file's calls are attributed to the layer and call site the fixture programs' structure says
 * (src/analysis/layers/__fixtures__/README.md): the C program writes direct.dat with write(2) from
 * write_direct, stdio.dat with fwrite from write_stdio, …; the byte counts are the programs' own.
 */
import { describe, expect, test } from 'vitest';
import { mergeLogs, type EventLog } from '../../model';
import { parsedStackFixtures, programTruth, stackFixtures } from '../../testing/stackFixtures';
import { layerInfo, layerOf } from './classify';
import { parseFrame, siteName } from './frame';
import { LayerRuleError, parseLayerRule } from './rules';

interface Ev {
  call: string;
  file: string;
  size: number;
  layer: string;
  site: string;
  fn: string;
  entry: string;
}

function events(log: EventLog, rules?: string[]): Ev[] {
  const info = layerInfo(log, rules)!;
  const out: Ev[] = [];
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    const s = log.stack![i];
    const site = info.site[s];
    out.push({
      call: log.calls[log.pairCall[p]],
      file: log.paths[log.pairFp[p]].replace(/^.*\//, ''),
      size: log.size[i],
      layer: info.names[layerOf(info, log, i)],
      site,
      fn: site.replace(/ \(.*$/, ''),
      entry: info.entry[s],
    });
  }
  return out;
}

const on = (evs: Ev[], call: string | RegExp, file: string): Ev[] => evs.filter((e) => e.file === file && (typeof call === 'string' ? e.call === call : call.test(e.call)));
const bytes = (evs: Ev[]): number => evs.reduce((a, e) => a + e.size, 0);
/** The program's line `<function> <file> <calls> <bytes>` of `fn`. */
const truth = (rows: string[][], fn: string): { calls: number; bytes: number } => {
  const r = rows.find((x) => x[0] === fn)!;
  return { calls: Number(r[2]), bytes: Number(r[3]) };
};

describe('the C program: direct write(2), stdio, two threads', () => {
  const runs: [string, string][] = [['c/c_all.st', 'c/c_all_prog.txt'], ['c/c_io.st', 'c/c_io_prog.txt'], ['c/c_nof.st', 'c/c_nof_prog.txt'], ['c/c_stderr.st', 'c/c_stderr_prog.txt']];
  for (const [trace, prog] of runs) {
    test(trace, () => {
      const evs = events(parsedStackFixtures([trace])[0]);
      const t = programTruth(prog);
      const direct = on(evs, 'write', 'direct.dat');
      expect(direct.length).toBe(truth(t, 'write_direct').calls);
      expect(bytes(direct)).toBe(truth(t, 'write_direct').bytes);
      expect(new Set(direct.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['app write_direct']));
      const stdio = on(evs, 'write', 'stdio.dat');
      expect(bytes(stdio)).toBe(truth(t, 'write_stdio').bytes);
      expect(stdio.length).toBeLessThan(truth(t, 'write_stdio').calls); // the buffer: 300 fwrite, 8 write(2)
      expect(new Set(stdio.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['stdio write_stdio']));
      expect(stdio.every((e) => /fwrite|fclose/.test(e.entry))).toBe(true);
      const rs = on(evs, 'read', 'stdio.dat');
      expect(bytes(rs)).toBe(truth(t, 'read_stdio').bytes);
      expect(new Set(rs.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['stdio read_stdio']));
      const rd = on(evs, 'pread64', 'direct.dat');
      expect(rd.length).toBe(truth(t, 'read_direct').calls);
      expect(new Set(rd.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['app read_direct']));
      // fopen's openat is stdio's, open(2)'s the program's
      expect(new Set(on(evs, 'openat', 'stdio.dat').map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['stdio write_stdio', 'stdio read_stdio']));
      expect(new Set(on(evs, 'openat', 'direct.dat').map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['app write_direct', 'app read_direct']));
      if (trace === 'c/c_nof.st') return; // no -f: the threads are not traced
      const td = on(evs, 'pwrite64', 'thread.dat');
      expect(td.length).toBe(truth(t, 'thread_direct').calls);
      expect(new Set(td.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['app thread_direct']));
      const ts = on(evs, 'write', 'thread_stdio.dat');
      expect(bytes(ts)).toBe(truth(t, 'thread_stdio').bytes);
      expect(new Set(ts.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['stdio thread_stdio']));
      expect(new Set(on(evs, 'fsync', 'thread_stdio.dat').map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['app thread_stdio']));
    });
  }

  test('-ff (a file per thread, -yy, -ttt) merged: the same attribution', () => {
    const log = mergeLogs(parsedStackFixtures(stackFixtures('c/ff').map((f) => f.name)));
    const evs = events(log);
    const t = programTruth('c/c_ff_prog.txt');
    expect(on(evs, 'pwrite64', 'thread.dat').length).toBe(truth(t, 'thread_direct').calls);
    expect(new Set(on(evs, /write/, 'thread.dat').map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['app thread_direct']));
    expect(bytes(on(evs, 'write', 'stdio.dat'))).toBe(truth(t, 'write_stdio').bytes);
  });

  test('the loader opens the libraries before main', () => {
    const evs = events(parsedStackFixtures(['c/c_all.st'])[0]);
    const libc = evs.filter((e) => e.call === 'openat' && /^libc\.so/.test(e.file));
    expect(libc.length).toBeGreaterThan(0);
    expect(libc.every((e) => e.layer === 'loader' && e.site === '')).toBe(true);
  });
});

test('C++ iostreams: the stream file\'s writes and reads are the C++ streams\' from write_stream and read_stream', () => {
  const evs = events(parsedStackFixtures(['cxx/cxx.st'])[0]);
  const t = programTruth('cxx/cxx_prog.txt');
  const w = on(evs, /^write/, 'streams.txt'); // write and writev (libstdc++'s filebuf writes its buffer and the new text at once)
  expect(bytes(w)).toBe(truth(t, 'write_stream').bytes);
  expect(new Set(w.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['c++ write_stream(char const*)']));
  const r = on(evs, 'read', 'streams.txt');
  expect(bytes(r)).toBe(truth(t, 'read_stream').bytes);
  expect(new Set(r.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['c++ read_stream(char const*)']));
});

describe('h5py: every call on the .h5 is HDF5\'s, the log file Python\'s', () => {
  for (const trace of ['h5py/h5py.st', 'h5py/h5py_imports.st']) {
    test(trace, () => {
      const evs = events(parsedStackFixtures([trace])[0]);
      const t = programTruth(trace.replace('.st', '_prog.txt'));
      const h5 = evs.filter((e) => e.file === 'chunked.h5' && e.call !== 'openat');
      expect(h5.length).toBeGreaterThan(20);
      expect(new Set(h5.map((e) => e.layer))).toEqual(new Set(['hdf5']));
      expect(h5.every((e) => /^H5/.test(e.entry))).toBe(true);
      // the 8 slices: one chunk of 128 KiB each, written once and read back once
      const data = h5.filter((e) => e.size === 131072);
      expect(data.filter((e) => e.call === 'pwrite64').length).toBe(8);
      expect(bytes(data.filter((e) => e.call === 'pwrite64'))).toBe(Number(t.find((r) => r[0] === 'h5py-write')![3]));
      const log = on(evs, 'write', 'log.txt');
      expect(log.length).toBe(Number(t.find((r) => r[0] === 'python-io-write')![2]));
      expect(bytes(log)).toBe(Number(t.find((r) => r[0] === 'python-io-write')![3]));
      expect(new Set(log.map((e) => e.layer))).toEqual(new Set(['python']));
      // a Python program's own frames are the interpreter's: the call site is its first frame there
      expect(log.every((e) => /\(python3[.\d]*\+0x/.test(e.site))).toBe(true);
    });
  }

  test('Python\'s imports: Python opens the modules, the loader the extension modules\' libraries', () => {
    const evs = events(parsedStackFixtures(['h5py/h5py_imports.st'])[0]);
    const so = evs.filter((e) => e.call === 'openat' && /^libhdf5.*\.so/.test(e.file));
    expect(so.length).toBeGreaterThan(0);
    expect(new Set(so.map((e) => e.layer))).toEqual(new Set(['loader']));
    const pyc = evs.filter((e) => e.call === 'openat' && /\.pyc$/.test(e.file));
    expect(pyc.length).toBeGreaterThan(10);
    expect(new Set(pyc.map((e) => e.layer))).toEqual(new Set(['python']));
    // the script itself: Python runs a file through stdio (_Py_fopen_obj → fopen; a stripped libc names the
    // frame by its nearest exported symbol), and opens it once more itself
    expect(new Set(on(evs, 'openat', 'layers_h5py.py').map((e) => e.layer))).toEqual(new Set(['stdio', 'python']));
    expect(on(evs, 'openat', 'layers_h5py.py').find((e) => e.layer === 'stdio')!.entry).toBe('fgets');
  });
});

describe('MPI-IO: the shared file\'s calls are MPI-IO\'s, from the program\'s MPI_File_* calls', () => {
  for (const impl of ['ompio', 'romio']) {
    test(impl, () => {
      const names = stackFixtures(`mpi-${impl}`).map((f) => f.name);
      expect(names.length).toBe(4);
      const log = mergeLogs(parsedStackFixtures(names));
      const evs = events(log);
      const t = programTruth(`mpi-${impl}/mpi_prog.txt`);
      const written = t.filter((r) => /^write_/.test(r[2])).reduce((a, r) => a + Number(r[5]), 0);
      const read = t.filter((r) => r[2] === 'read_collective').reduce((a, r) => a + Number(r[5]), 0);
      const w = on(evs, /^p?write/, 'shared.dat');
      // every byte the ranks wrote, once (OMPIO's aggregator writes the collective part for all)
      expect(bytes(w)).toBe(written);
      expect(new Set(w.map((e) => e.layer))).toEqual(new Set(['mpiio']));
      for (const e of w) {
        expect(['write_collective', 'write_independent']).toContain(e.fn);
        expect(e.entry).toBe(e.fn === 'write_collective' ? 'PMPI_File_write_at_all' : 'PMPI_File_write_at');
      }
      const r = on(evs, /^p?read/, 'shared.dat');
      expect(bytes(r)).toBe(read);
      expect(new Set(r.map((e) => `${e.layer} ${e.fn} ${e.entry}`))).toEqual(new Set(['mpiio read_collective MPI_File_read_at_all']));
      expect(new Set(on(evs, 'fsync', 'shared.dat').map((e) => `${e.layer} ${e.entry}`))).toEqual(new Set(['mpiio MPI_File_sync']));
      // rank 0's summary: fprintf
      const sum = on(evs, 'write', 'summary.txt');
      expect(sum.length).toBeGreaterThan(0);
      expect(new Set(sum.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['stdio main']));
    });
  }

  test('a user\'s rule goes before the table', () => {
    const log = mergeLogs(parsedStackFixtures(stackFixtures('mpi-ompio').map((f) => f.name)));
    const evs = events(log, ['fcoll bin=^mca_fcoll_']);
    const w = on(evs, 'pwrite64', 'shared.dat');
    expect(new Set(w.map((e) => `${e.layer} ${e.fn}`))).toEqual(new Set(['fcoll write_collective', 'mpiio write_independent']));
  });
});

describe('frames and rules', () => {
  test('every form strace -k prints (strace\'s unwind.c: with symbol, without, -kk source line, errors)', () => {
    expect(parseFrame('/usr/lib/x86_64-linux-gnu/libc.so.6(__write+0x10) [0xf8350]')).toMatchObject({ base: 'libc.so.6', sym: '__write', off: '10', addr: 'f8350', program: false });
    const cxx = parseFrame('/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30(std::basic_filebuf<char, std::char_traits<char> >::overflow(int)+0xce) [0x10b1de]');
    expect(cxx).toMatchObject({ base: 'libstdc++.so.6.0.30', sym: 'std::basic_filebuf<char, std::char_traits<char> >::overflow(int)', off: 'ce' });
    expect(parseFrame('/tmp/app() [0x124b]')).toMatchObject({ base: 'app', sym: '', addr: '124b', program: true });
    expect(siteName(parseFrame('/tmp/app() [0x124b]'))).toBe('app+0x124b');
    const src = parseFrame('/tmp/app(write_stdio+0x4f) [0x124b] /src/app.c:42');
    expect(src).toMatchObject({ sym: 'write_stdio', file: '/src/app.c', line: 42 });
    expect(siteName(src)).toBe('write_stdio (app.c:42)');
    expect(siteName(parseFrame('/tmp/app(write_stdio+0x4f) [0x124b]'))).toBe('write_stdio (app+0x124b)');
    expect(parseFrame('unexpected_backtracing_error [0x7f00]')).toMatchObject({ error: 'unexpected_backtracing_error', addr: '7f00', program: false });
    expect(parseFrame('too many stack frames')).toMatchObject({ error: 'too many stack frames' });
    expect(parseFrame('/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2(_dl_catch_error+0x869d) [0x20b1d]').program).toBe(false);
  });

  test('user rules: text form, clear errors', () => {
    expect(parseLayerRule('mylib bin=^libmylib sym=^my_')).toMatchObject({ layer: 'mylib' });
    expect(() => parseLayerRule('mylib')).toThrow(LayerRuleError);
    expect(() => parseLayerRule('mylib bin=(')).toThrow(/layer rule 'mylib bin=\('/);
    expect(() => parseLayerRule('app bin=x')).toThrow(/given by the analysis/);
    expect(() => parseLayerRule('my lib=x')).toThrow(/not bin=REGEX/);
  });
});
