/** The call stacks in the native HDF5 event log (docs/FORMATS.md "The native layout"): round trip and broken files. */
import { describe, expect, it } from 'vitest';
import { mergeLogs, validate } from '../../model';
import { parsedStackFixtures, stackFixtures } from '../../testing/stackFixtures';
import { digest } from '../../testing/straceTestkit';
import { altered } from '../../testing/h5Altered';
import { nativeH5Files } from '../../testing/nativeH5';
import { readHdf5Log, writeNativeHdf5, type H5Module } from './index';

const files = nativeH5Files('h5stacks-');
const roundTrip = files.roundTrip;

describe('stacks in the native HDF5 event log', () => {
  it('round trip: the stack column (16-bit) and table come back identical; notes are written, not read', () => {
    const log = mergeLogs(parsedStackFixtures(['c/c_all.st', 'cxx/cxx.st', ...stackFixtures('mpi-ompio').map((f) => f.name)]));
    const back = roundTrip(log, 'k.h5');
    validate(back);
    expect(back.stack).toBeInstanceOf(Uint16Array);
    expect(digest(back)).toEqual(digest(log));
    const S = log.stacks!.start.length - 1;
    const noted = { ...log, stacks: { ...log.stacks!, notes: { layer: Array(S).fill('x'), site: Array(S).fill('y'), entry: Array(S).fill('z') } } };
    const b2 = roundTrip(noted, 'notes.h5', 100); // and columns written in slabs
    expect(digest(b2)).toEqual(digest(log));
    expect(b2.stacks!.notes).toBeUndefined();
  });

  it('a 32-bit stack column reads back as it was', () => {
    const [log] = parsedStackFixtures(['c/c_io.st']);
    const wide = { ...log, stack: Uint32Array.from(log.stack!) };
    expect(roundTrip(wide, 'wide.h5').stack).toEqual(wide.stack);
  });

  it('no stacks: no stack datasets', () => {
    const [log] = parsedStackFixtures(['c/c_io.st']);
    const back = roundTrip({ ...log, stack: null, stacks: null }, 'none.h5');
    expect(back.stack).toBeUndefined();
  });

  it('broken stacks are named', () => {
    const [log] = parsedStackFixtures(['c/c_io.st']);
    const path = (m: H5Module, name: string) => {
      writeNativeHdf5(m, log, files.path(name));
      return () => readHdf5Log(files.h5, files.path(name), name);
    };
    expect(path(altered(files.h5, 'stacks/frame', () => null), 'a.h5')).toThrow(/\/events\/stack, \/stacks\/frames, \/stacks\/start, \/stacks\/frame come together/);
    expect(path(altered(files.h5, 'events/stack', (a) => ({ ...a, data: Uint16Array.from(a.data as Uint16Array, () => 60000) })), 'b.h5')).toThrow(/event 0 refers to a missing stack/);
    expect(path(altered(files.h5, 'stacks/frame', (a) => ({ ...a, data: Uint32Array.from(a.data as Uint32Array, () => 1e6) })), 'c.h5')).toThrow(/\/stacks\/frame 0 refers to a missing frame/);
    expect(path(altered(files.h5, 'events/stack', (a) => ({ ...a, data: Float64Array.from(a.data as Uint16Array), dtype: '<d' })), 'd.h5')).toThrow(/\/events\/stack has type .*, expected <u2 or <u4/);
    expect(path(altered(files.h5, 'events/stack', (a) => ({ ...a, data: (a.data as Uint16Array).subarray(1) })), 'e.h5')).toThrow(/\/events\/stack has \d+ rows, expected \d+/);
  });
});
