#!/usr/bin/python3
"""Write the HDF5 fixtures of src/ingest/hdf5 from real strace traces, with real writers.

Run with Debian's python3 (python3-h5py, python3-pandas, python3-tables):

    /usr/bin/python3 tools/make_h5_fixtures.py

Reads  src/ingest/hdf5/__fixtures__/src/*.st  (made with `strace -f -tt -T -y ...`, see the README there)
Writes src/ingest/hdf5/__fixtures__/*.h5 and expected.json (the rows this script's own parser produced,
per case, in the order they were written: the tests compare what the TypeScript reader loads to them).

The parser below is deliberately small and independent of the TypeScript one, like the Python library of
the paper would be: `-f -tt -T -y` lines -> rows (pid, call, start, dur, fp, size, errno).
"""
import json
import os
import re
import subprocess
import sys

import h5py
import numpy as np
import pandas as pd

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'ingest', 'hdf5', '__fixtures__')
SRC = os.path.join(ROOT, 'src')

LINE = re.compile(r'^(\d+)\s+(\d+):(\d+):(\d+(?:\.\d+)?)\s+(.*)$')
CALL = re.compile(r'^(\w+)\((.*)$')
RET = re.compile(r'^(-?\d+|\?)(<.*>)?(?:\s+(E[A-Z0-9_]+)\s+\(.*\))?$')
DUR = re.compile(r'^(.*)\s+<(\d+\.\d+)>$')
SIZED = {'read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev', 'preadv2', 'pwritev2'}
OPENS = {'open', 'openat', 'openat2', 'creat'}


def annotation(s, i):
    """s[i] == '<': the text up to the matching '>' (annotations nest: 1</dev/pts/0<char 136:0>>)."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] == '<':
            depth += 1
        elif s[j] == '>':
            depth -= 1
            if depth == 0:
                inner = s[i + 1:j]
                k = inner.find('<')  # -yy device suffix
                return inner[:k] if k > 0 else inner
    return None


def first_fd_annotation(args):
    m = re.match(r'^(?:-?\d+|AT_FDCWD)<', args)
    return annotation(args, m.end() - 1) if m else None


def open_path(call, args):
    """Path argument of a failing open: absolute, or joined to the dirfd annotation for openat."""
    if call in ('openat', 'openat2'):
        dirfd = first_fd_annotation(args)
        m = re.search(r'"((?:[^"\\]|\\.)*)"', args)
        if not m:
            return ''
        p = m.group(1)
        if p.startswith('/') or not dirfd:
            return p
        return dirfd.rstrip('/') + '/' + p
    m = re.search(r'"((?:[^"\\]|\\.)*)"', args)
    return m.group(1) if m else ''


def parse(path):
    rows = []
    for raw in open(path, encoding='utf-8', errors='surrogateescape'):
        m = LINE.match(raw.rstrip('\n'))
        if not m:
            continue
        pid, hh, mm, ss, body = m.groups()
        if body.startswith(('---', '+++', '<...')) or body.endswith('<unfinished ...>'):
            continue  # the fixtures have no unfinished/resumed pairs; signals and exits are not events
        c = CALL.match(body)
        d = DUR.match(body)
        if not c or not d:
            continue
        call = c.group(1)
        head = d.group(1)
        ends = list(re.finditer(r'\)\s+= ', head))  # the LAST top-level `) = `; strace pads short calls to column 40
        if not ends:
            continue
        args, ret = head[len(call) + 1:ends[-1].start()], head[ends[-1].end():]
        r = RET.match(ret)
        if not r or r.group(1) == '?':
            continue  # ERESTART*, <unavailable>: dropped
        retval = int(r.group(1))
        errno = r.group(3) or ''
        if call in OPENS:
            fp = annotation(r.group(2), 0) if (retval >= 0 and r.group(2)) else open_path(call, args)
        else:
            fp = first_fd_annotation(args) or ''
        size = (retval if retval >= 0 else 0) if call in SIZED else -1
        start = int(hh) * 3600 + int(mm) * 60 + float(ss)
        rows.append((int(pid), call, start, float(d.group(2)), fp or '', size, errno))
    rows.sort(key=lambda r: r[2])  # stable: ties keep line order
    return rows


def case_attrs(case):
    m = re.match(r'^(.+?)_(.+)_([^_]+)$', case)
    return m.groups() if m else ('', '', '')


def frame(rows):
    return pd.DataFrame({
        'pid': np.array([r[0] for r in rows], dtype=np.int64),
        'call': [r[1] for r in rows],
        'start': np.array([r[2] for r in rows], dtype=np.float64),
        'dur': np.array([r[3] for r in rows], dtype=np.float64),
        'fp': [r[4] for r in rows],
        'size': np.array([r[5] for r in rows], dtype=np.int64),
    })


def fixed(strings):
    n = max([len(s.encode()) for s in strings] + [1])
    return np.array([s.encode() for s in strings], dtype='S%d' % n)


MIDNIGHT_EPOCH = 1717200000.0  # 2024-06-01T00:00:00Z: the epoch variant adds it to the clock times


def repack(name):
    path = os.path.join(ROOT, name)
    subprocess.run(['ptrepack', '--complevel=9', '--complib=zlib', path, path + '.tmp'], check=True,
                   stdout=subprocess.DEVNULL)
    os.replace(path + '.tmp', path)


def write_all(cases):
    out = lambda name: os.path.join(ROOT, name)
    for f in os.listdir(ROOT):
        if f.endswith('.h5'):
            os.remove(out(f))

    # 1-2. pandas HDFStore format='table', with and without data_columns (values_block_N + pickled _kind)
    for name, dc in (('pandas_table_datacols.h5', True), ('pandas_table_blocks.h5', False)):
        for case, rows in cases.items():
            frame(rows).to_hdf(out(name), key=case, format='table', data_columns=dc or None, mode='a',
                               min_itemsize={'fp': 120, 'call': 16} if dc else None)
    # the blocks file stays exactly as pandas wrote it (uncompressed, with _i_table indexes); the other pandas
    # files are repacked by PyTables' ptrepack with zlib (tests the deflate filter, keeps the fixtures small)
    repack('pandas_table_datacols.h5')

    # 3. pandas format='fixed' (pickled object columns): must be refused with a hint
    for case, rows in list(cases.items())[:2]:
        frame(rows).to_hdf(out('pandas_fixed.h5'), key=case, format='fixed', mode='a')
    repack('pandas_fixed.h5')

    # 4. h5py: one compound dataset `events` per case group, fixed strings, errno, case attributes
    with h5py.File(out('h5py_compound.h5'), 'w') as h:
        for case, rows in cases.items():
            g = h.create_group(case)
            cid, host, rid = case_attrs(case)
            g.attrs['cid'], g.attrs['host'], g.attrs['rid'] = cid, host, rid
            a = np.zeros(len(rows), dtype=[('pid', '<i4'), ('call', 'S16'), ('start', '<f8'), ('dur', '<f4'),
                                           ('fp', 'S120'), ('size', '<i8'), ('errno', 'S16')])
            for i, r in enumerate(rows):
                a[i] = (r[0], r[1].encode(), r[2], r[3], r[4].encode(), r[5], r[6].encode())
            g.create_dataset('events', data=a)

    # 5. h5py compound with variable-length UTF-8 strings, start in epoch seconds, size NaN = none
    vs = h5py.string_dtype('utf-8')
    with h5py.File(out('h5py_compound_vlen_epoch.h5'), 'w') as h:
        for case, rows in cases.items():
            a = np.zeros(len(rows), dtype=[('pid', '<i8'), ('call', vs), ('start', '<f8'), ('dur', '<f8'),
                                           ('fp', vs), ('size', '<f8')])
            for i, r in enumerate(rows):
                a[i] = (r[0], r[1], MIDNIGHT_EPOCH + r[2], r[3], r[4], float('nan') if r[5] < 0 else float(r[5]))
            h.create_group(case).create_dataset('events', data=a)

    # 6. h5py: one dataset per column in each case group, vlen strings
    with h5py.File(out('h5py_columns.h5'), 'w') as h:
        for case, rows in cases.items():
            g = h.create_group(case)
            g['pid'] = np.array([r[0] for r in rows], dtype='<i4')
            g.create_dataset('call', data=[r[1] for r in rows], dtype=vs)
            g['start'] = np.array([r[2] for r in rows], dtype='<f8')
            g['dur'] = np.array([r[3] for r in rows], dtype='<f8')
            g.create_dataset('fp', data=[r[4] for r in rows], dtype=vs)
            g['size'] = np.array([r[5] for r in rows], dtype='<i8')

    # 7. int64 nanoseconds since midnight, fixed strings, one dataset per column, big-endian pid
    with h5py.File(out('h5py_columns_ns.h5'), 'w') as h:
        for case, rows in cases.items():
            g = h.create_group(case)
            g['pid'] = np.array([r[0] for r in rows], dtype='>i8')
            g['call'] = fixed([r[1] for r in rows])
            g['start'] = np.array([round(r[2] * 1e9) for r in rows], dtype='<i8')
            g['dur'] = np.array([r[3] for r in rows], dtype='<f8')
            g['fp'] = fixed([r[4] for r in rows])
            g['size'] = np.array([r[5] for r in rows], dtype='<i8')

    # 8. pandas table with `start` as datetime64[ns] (absolute UTC times: pandas stores int64 ns since epoch)
    for case, rows in cases.items():
        df = frame(rows)
        df['start'] = pd.to_datetime(np.round((MIDNIGHT_EPOCH + df['start']) * 1e6).astype('int64'), unit='us')
        df.to_hdf(out('pandas_table_datetime.h5'), key=case, format='table', data_columns=True, mode='a', index=False,
                  min_itemsize={'fp': 120, 'call': 16})
    repack('pandas_table_datetime.h5')

    # 9. nested groups, case attributes: /run1/<case> with cid/host/rid attributes on the first two cases only
    with h5py.File(out('h5py_nested_attrs.h5'), 'w') as h:
        for k, (case, rows) in enumerate(cases.items()):
            g = h.create_group('run1/' + case)
            if k < 2:
                g.attrs['cid'], g.attrs['host'], g.attrs['rid'] = 'attr-cid', 'attr-host-%d' % k, str(100 + k)
            a = np.zeros(len(rows), dtype=[('pid', '<i4'), ('call', 'S16'), ('start', '<f8'), ('dur', '<f8'), ('fp', 'S120')])
            for i, r in enumerate(rows):
                a[i] = (r[0], r[1].encode(), r[2], r[3], r[4].encode())
            g.create_dataset('events', data=a)

    # ---- bad files ----
    first = next(iter(cases))
    rows = cases[first]
    good = open(out('h5py_compound.h5'), 'rb').read()
    open(out('bad_truncated.h5'), 'wb').write(good[:len(good) // 2])
    corrupt = bytearray(good)
    corrupt[8:4096] = b'\xa5' * (4096 - 8)  # signature intact, superblock and root group garbage
    open(out('bad_corrupt.h5'), 'wb').write(bytes(corrupt))
    with h5py.File(out('bad_no_tables.h5'), 'w') as h:
        h.create_group('meta').create_dataset('temperature', data=np.arange(5, dtype='<f8'))
        h.attrs['note'] = 'an HDF5 file without event tables'
    with h5py.File(out('bad_missing_column.h5'), 'w') as h:
        a = np.zeros(len(rows), dtype=[('pid', '<i4'), ('call', 'S16'), ('start', '<f8'), ('dur', '<f8'), ('size', '<i8')])
        for i, r in enumerate(rows):
            a[i] = (r[0], r[1].encode(), r[2], r[3], r[5])
        h.create_group(first).create_dataset('events', data=a)
    with h5py.File(out('bad_wrong_dtype.h5'), 'w') as h:
        g = h.create_group(first)
        g['pid'] = np.array([r[0] for r in rows], dtype='<i4')
        g['call'] = fixed([r[1] for r in rows])
        g['start'] = fixed(['%02d:%02d:%09.6f' % (r[2] // 3600, r[2] % 3600 // 60, r[2] % 60) for r in rows])
        g['dur'] = np.array([r[3] for r in rows], dtype='<f8')
        g['fp'] = fixed([r[4] for r in rows])
        g['size'] = np.array([r[5] for r in rows], dtype='<i8')


def native(path, cases, time_base='clock', reports=None, starts=None, claim=None):
    """Writes strace-dfg's native layout (docs/FORMATS.md, "The native layout") with h5py, independently of
    the TypeScript writer: one case per trace, one file report per case. `reports` replaces the JSON of the
    file reports; `starts(case, rows)` the start column of a case; `claim` makes every event column (and the
    last case offset) claim that many rows without writing any."""
    vs = h5py.string_dtype('utf-8')
    calls, paths, errnos, pairs = [], [''], [''], {}
    idx = lambda table, s: table.index(s) if s in table else (table.append(s) or len(table) - 1)
    ev = {k: [] for k in ('pid', 'pair', 'errno', 'start', 'dur', 'size', 'line')}
    offsets = [0]
    for case, rows in cases.items():
        st = starts(case, rows) if starts else [r[2] for r in rows]
        for r, s in zip(rows, st):
            key = (idx(calls, r[1]), idx(paths, r[4]))
            ev['pid'].append(r[0])
            ev['pair'].append(pairs.setdefault(key, len(pairs)))
            ev['errno'].append(idx(errnos, r[6]))
            ev['start'].append(s)
            ev['dur'].append(r[3])
            ev['size'].append(float('nan') if r[5] < 0 else float(r[5]))
            ev['line'].append(0)
        offsets.append(len(ev['pid']))
    names = [c + '.st' for c in cases]
    if reports is None:
        reports = [json.dumps({'name': n, 'format': 'strace', 'bytes': 0, 'lines': len(rows), 'events': len(rows),
                               'dropped': {}, 'unparsable': [], 'flags': None, 'warnings': []})
                   for n, rows in zip(names, cases.values())]
    # dur as float32: these files keep the layout written before durations became float64 (the reader widens them)
    dt = {'pid': '<i4', 'pair': '<u4', 'errno': '<u2', 'start': '<f8', 'dur': '<f4', 'size': '<f8', 'line': '<u4'}
    with h5py.File(path, 'w') as h:
        h.attrs['format'] = 'strace-dfg-eventlog'
        h.attrs.create('version', 1, dtype='<i4')
        h.attrs['timeBase'] = time_base
        h.attrs['events'] = float(len(ev['pid']))
        h.attrs['writer'] = 'tools/make_h5_fixtures.py'
        for k, t in dt.items():
            if claim:
                h.create_dataset('events/' + k, shape=(claim,), dtype=t)
            else:
                h.create_dataset('events/' + k, data=np.array(ev[k], dtype=t))
        if claim:
            offsets = [0] * len(cases) + [claim]
        for k, table in (('calls', calls), ('paths', paths), ('errnos', errnos)):
            h.create_dataset('strings/' + k, data=table, dtype=vs)
        h.create_dataset('pairs/call', data=np.array([c for c, _ in pairs], dtype='<u4'))
        h.create_dataset('pairs/fp', data=np.array([f for _, f in pairs], dtype='<u4'))
        ids = list(cases)
        h.create_dataset('cases/id', data=ids, dtype=vs)
        for j, k in enumerate(('cid', 'host', 'rid')):
            h.create_dataset('cases/' + k, data=[case_attrs(c)[j] for c in ids], dtype=vs)
        h.create_dataset('cases/file', data=np.arange(len(ids), dtype='<u4'))
        h.create_dataset('cases/pid', data=np.zeros(len(ids), dtype='<i4'))
        h.create_dataset('cases/split', data=np.zeros(len(ids), dtype='<u1'))
        h.create_dataset('cases/offsets', data=np.array(offsets, dtype='<u4'))
        h.create_dataset('files/name', data=names, dtype=vs)
        h.create_dataset('files/report', data=reports, dtype=vs)


def compound(g, rows, name='events', **kw):
    a = np.zeros(len(rows), dtype=[('pid', '<i4'), ('call', 'S16'), ('start', '<f8'), ('dur', '<f4'), ('fp', 'S120')])
    for i, r in enumerate(rows):
        a[i] = (r[0], r[1].encode(), r[2], r[3], r[4].encode())
    return g.create_dataset(name, data=a, **kw)


def write_hostile(cases):
    """Files made to break a reader: bad reports, false sizes, link cycles, links and storage in other
    files, missing filters, impossible times. Each is small; README.md says what each holds."""
    out = lambda name: os.path.join(ROOT, name)
    first = next(iter(cases))
    one = {first: cases[first]}
    # the good native file, written by this script (not by the TypeScript writer)
    native(out('native_h5py.h5'), cases)
    # file reports: JSON null, an empty object, a field of the wrong type, lists far beyond the caps
    good = lambda n: {'name': n, 'format': 'strace', 'bytes': 0, 'lines': 0, 'events': 0, 'dropped': {},
                      'unparsable': [], 'flags': None, 'warnings': []}
    native(out('bad_native_report_null.h5'), one, reports=['null'])
    native(out('bad_native_report_empty.h5'), one, reports=['{}'])
    native(out('bad_native_report_shape.h5'), one, reports=[json.dumps({**good('x.st'), 'warnings': 'not a list'})])
    native(out('native_report_long.h5'), one, reports=[json.dumps({
        **good('long.st'), 'dropped': {'unparsable': 1000, '__proto__': 5},
        'unparsable': [{'line': i + 1, 'text': 'x' * (1000 if i == 0 else 8)} for i in range(1000)],
        'warnings': ['w%d' % i for i in range(500)]})])
    # sizes: every event column claims 10^9 (10^8) rows, none written (reads as fill values)
    native(out('bad_native_rows_1e9.h5'), one, claim=10 ** 9)
    native(out('bad_native_rows_1e8.h5'), one, claim=10 ** 8)
    with h5py.File(out('bad_columns_rows_1e9.h5'), 'w') as h:
        g = h.create_group(first)
        for k, t in (('pid', '<i4'), ('start', '<f8'), ('dur', '<f8'), ('call', 'S16'), ('fp', 'S64')):
            g.create_dataset(k, shape=(10 ** 9,), dtype=t, chunks=(1 << 16,), compression='gzip')
    # a group hard-linked into itself: once (each object once: one case), and twice (an exponential walk)
    with h5py.File(out('bad_self_link.h5'), 'w') as h:
        g = h.create_group(first)
        compound(g, cases[first])
        g['self'] = g
        h['again'] = g
    with h5py.File(out('bad_self_link_twice.h5'), 'w') as h:
        g = h.create_group(first)
        compound(g, cases[first])
        g['a'] = g
        g['b'] = g
    # links and storage in other files: must never be read
    with h5py.File(out('bad_external_link.h5'), 'w') as h:
        compound(h.create_group(first), cases[first])
        h['elsewhere'] = h5py.ExternalLink('h5py_compound.h5', '/ls_node1_2')
        h['soft'] = h5py.SoftLink('/elsewhere')
    with h5py.File(out('bad_external_storage.h5'), 'w') as h:
        g = h.create_group(first)
        n = len(cases[first])
        g.create_dataset('call', shape=(n,), dtype='S16', external=[('/etc/passwd', 0, 16 * n)])
        g['start'] = np.array([r[2] for r in cases[first]], dtype='<f8')
        g['fp'] = fixed([r[4] for r in cases[first]])
    with h5py.File(out('bad_virtual_dataset.h5'), 'w') as h:
        n = len(cases['ls_node1_2'])
        lay = h5py.VirtualLayout(shape=(n,), dtype=h5py.File(out('h5py_compound.h5'), 'r')['ls_node1_2/events'].dtype)
        lay[:] = h5py.VirtualSource('h5py_compound.h5', 'ls_node1_2/events', shape=(n,))
        h.create_group(first).create_virtual_dataset('events', lay)
    # a compression filter h5wasm does not have (LZF, h5py's own)
    with h5py.File(out('bad_lzf.h5'), 'w') as h:
        compound(h.create_group(first), cases[first], compression='lzf', chunks=(64,))
    # impossible start times: 1e308, +inf, -inf, NaN and 9.9e13 (a -ttt stamp 99999999999999) among good ones
    wild = [1e308, float('inf'), float('-inf'), float('nan'), 99999999999999.000001]
    def wild_starts(case, rows):
        st = [r[2] for r in rows]
        for j, w in enumerate(wild):
            st[1 + 3 * j] = w
        return st
    native(out('bad_native_start_huge.h5'), one, starts=wild_starts)
    # sorted order is part of the native layout: keep the good rows sorted, the bad ones where they are
    with h5py.File(out('bad_compound_start_huge.h5'), 'w') as h:
        d = compound(h.create_group(first), cases[first])
        a = d[:]
        a['start'] = wild_starts(first, cases[first])
        d[:] = a


def main():
    names = sorted(f for f in os.listdir(SRC) if f.endswith('.st'))
    if not names:
        sys.exit('no .st files in ' + SRC)
    cases = {n[:-3]: parse(os.path.join(SRC, n)) for n in names}
    write_all(cases)
    write_hostile(cases)
    expected = {'midnightEpoch': MIDNIGHT_EPOCH, 'cases': [
        {'id': c, 'cid': case_attrs(c)[0], 'host': case_attrs(c)[1], 'rid': case_attrs(c)[2],
         'events': [list(r) for r in rows]} for c, rows in cases.items()]}
    with open(os.path.join(ROOT, 'expected.json'), 'w') as f:
        json.dump(expected, f, indent=0)
    print('wrote', len(cases), 'cases,', sum(len(r) for r in cases.values()), 'events')


if __name__ == '__main__':
    main()
