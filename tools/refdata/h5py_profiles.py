# Reference values: what h5py reads of the Darshan profiles in a native strace-dfg event log (docs/FORMATS.md,
# "The native layout": /profiles/header, one JSON text per profile; /profiles/K/tables/MODULE/{names, files,
# file, rank, values}; /profiles/K/heatmaps/{module, rank, binWidth, start, write, read}): per profile its
# executable and nprocs, per table its rows and the sums of the counters asked for (values reshaped to
# rows x names), per heatmap interface the bytes written and read.
# Debian packages: python3-h5py
# stdin: {"counters": ["POSIX_BYTES_WRITTEN", ...]}; argv: FILE.h5; prints one JSON object
import json
import sys

import h5py

want = json.load(sys.stdin)['counters']
out = []
with h5py.File(sys.argv[1], 'r') as h:
    for k, text in enumerate(h['profiles/header'][:]):
        head = json.loads(text.decode())
        p = {'exe': head['exe'], 'nprocs': head['nprocs'], 'tables': {}, 'heatmaps': {}}
        for t in head['tables']:
            g = h['profiles/%d/tables/%s' % (k, t['module'])]
            names = [s.decode() for s in g['names'][:]]
            values = g['values'][:].reshape(-1, len(names))
            sums = {c: float(values[:, names.index(c)].sum()) for c in want if c in names}
            p['tables'][t['module']] = {'rows': int(values.shape[0]), 'files': len(g['files']), 'sums': sums}
        if head['heatmaps']:
            g = h['profiles/%d/heatmaps' % k]
            start = g['start'][:]
            for i, m in enumerate(s.decode() for s in g['module'][:]):
                a, b = int(start[i]), int(start[i + 1])
                e = p['heatmaps'].setdefault(m, {'write': 0.0, 'read': 0.0})
                e['write'] += float(g['write'][a:b].sum())
                e['read'] += float(g['read'][a:b].sum())
        out.append(p)
print(json.dumps(out, sort_keys=True))
