# Reference values for src/analysis/compare on the IOR-like runs (e2e/fixtures/ior-like): an independent
# reading of the traces (a regular expression per line, not our parser): per case wall, traced (union of
# [start, start + dur)), events, bytes read/written, failures; per case count and Σ dur of the fd calls on
# /scratch/iorlike (depth 2); and scipy.stats.mannwhitneyu on those per-case vectors, green (ssf_*) vs
# red (fpp_*).
# Debian packages: python3-scipy
# argv: TRACE.st ...; prints one JSON object
import json, re, sys
from scipy.stats import mannwhitneyu
LINE = re.compile(r'^(\d+) (\d\d):(\d\d):(\d\d\.\d+) (\w+)\((.*)\) += (-?\d+|0x[0-9a-f]+|\?)(?:<[^>]*>)?(?: (E[A-Z0-9]+) \(.*?\))?(?: <(\d+\.\d+)>)?$')
READ = {'read', 'pread64', 'readv', 'preadv', 'preadv2', 'recv', 'recvfrom', 'recvmsg'}
WRITE = {'write', 'pwrite64', 'writev', 'pwritev', 'pwritev2', 'send', 'sendto', 'sendmsg', 'sendfile', 'sendfile64', 'copy_file_range', 'splice', 'tee'}
out = {'cases': {}, 'act': {}}
for path in sys.argv[1:]:
    cid = path.rsplit('/', 1)[-1][:-3]
    ev = []
    rd = wr = fails = 0
    act = {}
    for line in open(path):
        m = LINE.match(line.rstrip('\n'))
        if not m:
            continue
        h, mi, s, call, args, ret, err, dur = m.group(2, 3, 4, 5, 6, 7, 8, 9)
        t = int(h) * 3600 + int(mi) * 60 + float(s)
        d = float(dur) if dur else None
        ev.append((t, d))
        if err:
            fails += 1
        if ret != '?' and (call in READ or call in WRITE):
            n = 0 if err else int(ret)
            if call in READ: rd += n
            else: wr += n
        fp = re.match(r'^\d+<(/[^>]*)>', args)
        if fp and fp.group(1).startswith('/scratch/iorlike/'):
            a = call + ':/scratch/iorlike'
            c = act.setdefault(a, [0, 0.0])
            c[0] += 1
            c[1] += d or 0.0
    ev.sort(key=lambda x: x[0])
    first = ev[0][0]
    last = max(t + (d if d is not None else 0) for t, d in ev)
    union = 0.0
    cur = None
    for t, d in ev:
        if d is None:
            continue
        if cur is None or t > cur[1]:
            if cur: union += cur[1] - cur[0]
            cur = [t, t + d]
        else:
            cur[1] = max(cur[1], t + d)
    union += cur[1] - cur[0]
    out['cases'][cid] = {'wall': last - first, 'traced': union, 'events': len(ev), 'read': rd, 'written': wr, 'failures': fails, 'act': act}
ids = sorted(out['cases'])
green = [i for i in ids if i.startswith('ssf_')]
red = [i for i in ids if i.startswith('fpp_')]
acts = sorted({a for i in ids for a in out['cases'][i]['act']})
for a in acts:
    res = {}
    for k, name in ((0, 'count'), (1, 'time')):
        g = [out['cases'][i]['act'].get(a, [0, 0.0])[k] for i in green]
        r = [out['cases'][i]['act'].get(a, [0, 0.0])[k] for i in red]
        u = mannwhitneyu(g, r, alternative='two-sided', method='auto')
        res[name] = {'green': g, 'red': r, 'u': float(u.statistic), 'p': float(u.pvalue)}
    out['act'][a] = res
for name in ('wall', 'traced'):
    g = [out['cases'][i][name] for i in green]
    r = [out['cases'][i][name] for i in red]
    u = mannwhitneyu(g, r, alternative='two-sided', method='auto')
    out[name] = {'u': float(u.statistic), 'p': float(u.pvalue)}
print(json.dumps(out))
