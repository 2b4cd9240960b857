# Reference values: what h5py reads from a native strace-dfg event log (docs/FORMATS.md, "HDF5 event
# logs"): attributes, column dtypes, event count, Σ size, case ids and offsets, the first event's
# activity, and the names in the file reports.
# Debian packages: python3-h5py
# argv: FILE.h5; prints one JSON object
import json
import sys

import h5py
import numpy as np

with h5py.File(sys.argv[1], 'r') as h:
    e = h['events']
    calls = [s.decode() for s in h['strings/calls'][:]]
    paths = [s.decode() for s in h['strings/paths'][:]]
    pair = e['pair'][:]
    act = [calls[c] + ':' + paths[f] for c, f in zip(h['pairs/call'][:], h['pairs/fp'][:])]
    print(json.dumps({
        'format': h.attrs['format'], 'version': int(h.attrs['version']), 'timeBase': h.attrs['timeBase'],
        'dtypes': {k: e[k].dtype.str for k in e},
        'n': int(e['start'].shape[0]), 'bytes': float(np.nansum(e['size'][:])),
        'ids': [s.decode() for s in h['cases/id'][:]], 'offsets': h['cases/offsets'][:].tolist(),
        'first': act[pair[0]], 'reports': [json.loads(s)['name'] for s in h['files/report'][:]],
    }))
