# Reference values: what h5py reads of the call stacks in a native strace-dfg event log (docs/FORMATS.md,
# "The native layout"): per (call, file) of the events named, the layers, call-site functions and library
# entries of their stacks (/stacks/layer, site, entry: the notes written with them), the number of distinct
# stacks and frames, and the frames of the first such event's stack, innermost first.
# Debian packages: python3-h5py
# stdin: {"calls": [["write", "/path"], ...]}; argv: FILE.h5; prints one JSON object
import json
import sys

import h5py

want = json.load(sys.stdin)
with h5py.File(sys.argv[1], 'r') as h:
    dec = lambda ds: [s.decode() for s in ds[:]]
    calls, paths = dec(h['strings/calls']), dec(h['strings/paths'])
    pcall, pfp = h['pairs/call'][:], h['pairs/fp'][:]
    pair, stack = h['events/pair'][:], h['events/stack'][:]
    frames, start, frame = dec(h['stacks/frames']), h['stacks/start'][:], h['stacks/frame'][:]
    layer, site, entry = dec(h['stacks/layer']), dec(h['stacks/site']), dec(h['stacks/entry'])
    out = {'stacks': len(start) - 1, 'frames': len(frames), 'dtype': h['events/stack'].dtype.str, 'calls': {}}
    for call, path in want['calls']:
        evs = [i for i in range(len(pair)) if calls[pcall[pair[i]]] == call and paths[pfp[pair[i]]] == path]
        s = [int(stack[i]) for i in evs]
        out['calls'][call + ' ' + path] = {
            'events': len(evs),
            'layers': sorted({layer[k] for k in s}),
            'functions': sorted({site[k].split(' (')[0] for k in s}),
            'entries': sorted({entry[k] for k in s}),
            'first': [frames[f] for f in frame[start[s[0]]:start[s[0] + 1]]] if s else [],
        }
    print(json.dumps(out))
