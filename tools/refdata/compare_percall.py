# Reference values for the comparison's per-call tests on real runs (src/analysis/compare/percall.test.ts).
# An independent reading of the trace text (strace_durations.py): every event's duration from its own line
# (or the `<... resumed>` line of the same pid) as an integer number of ns; then, per activity, every green
# call's duration against every red call's with scipy.stats.mannwhitneyu(green, red, alternative='two-sided'),
# method 'auto' (SciPy's rule: exact without ties when a side has at most 8 calls), 'asymptotic' when
# n_green * n_red > 10000 (the bound strace-dfg keeps the exact table under, docs/METHOD.md "Per-call tests").
# What this program takes from strace-dfg: which activity each event (file, line) belongs to; it checks that
# the line's system call is the activity's call.
# Debian packages: python3-scipy
# argv: TRACE.st[.gz] ... (the cases, in log order); stdin: {"acts": [name], "green": [case], "red": [case],
#   "events": [[[line, act], ...] per case]}; prints one JSON object
import json, statistics, sys
from scipy.stats import mannwhitneyu
from strace_durations import read_case

req = json.load(sys.stdin)
acts = req['acts']
durs = [[[], []] for _ in acts]  # per activity: green ns, red ns
side = {k: 0 for k in req['green']}
side.update({k: 1 for k in req['red']})
for k, path in enumerate(sys.argv[1:]):
    if k not in side:
        continue
    calls = read_case(path)
    for line, a in req['events'][k]:
        call, d = calls[line]
        if call != acts[a].split(':', 1)[0]:
            sys.exit(f'{path}:{line}: the line holds {call}, the event is {acts[a]}')
        if d is not None:
            durs[a][side[k]].append(d)
out = {}
for a, name in enumerate(acts):
    g, r = durs[a]
    if not g and not r:
        continue
    res = {'n_green': len(g), 'n_red': len(r),
           'median_green': statistics.median(g) / 1e9 if g else None, 'median_red': statistics.median(r) / 1e9 if r else None}
    if len(g) >= 2 and len(r) >= 2:
        method = 'asymptotic' if len(g) * len(r) > 10000 else 'auto'
        t = mannwhitneyu([x / 1e9 for x in g], [x / 1e9 for x in r], alternative='two-sided', method=method)
        res.update({'u': float(t.statistic), 'p': float(t.pvalue)})
    out[name] = res
print(json.dumps(out))
