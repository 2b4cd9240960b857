# Reference values for the comparison's per-case time sums and Mann-Whitney tests on real multi-rank runs
# (src/analysis/compare/exact.test.ts). An independent reading of the trace text: every event's duration
# is read from its own line (or, for a call strace split into `<unfinished ...>` and `<... resumed>`, from
# the resumed line of the same pid) as an integer number of ns, the integers are added per (case,
# activity), and scipy.stats.mannwhitneyu(green, red, alternative='two-sided', method='auto') runs on the
# per-case count and time vectors. Equal printed times give equal sums, so ties are ties.
# What this program takes from strace-dfg: which activity each event (file, line) belongs to; it checks
# that the line's system call is the activity's call.
# Debian packages: python3-scipy
# argv: TRACE.st[.gz] ... (the cases, in log order); stdin: {"acts": [name], "green": [case], "red": [case],
#   "events": [[[line, act], ...] per case]}; prints one JSON object
import json, sys
from scipy.stats import mannwhitneyu
from strace_durations import read_case

req = json.load(sys.stdin)
acts = req['acts']
A = len(acts)
K = len(sys.argv) - 1
count = [[0] * A for _ in range(K)]
tsum = [[0] * A for _ in range(K)]
known = [0] * A
for k, path in enumerate(sys.argv[1:]):
    calls = read_case(path)
    for line, a in req['events'][k]:
        call, d = calls[line]
        want = acts[a].split(':', 1)[0]
        if call != want:
            sys.exit(f'{path}:{line}: the line holds {call}, the event is {acts[a]}')
        count[k][a] += 1
        if d is not None:
            tsum[k][a] += d
            known[a] += 1
green, red = req['green'], req['red']
out = {}
for a, name in enumerate(acts):
    if not any(count[k][a] for k in green + red):
        continue
    res = {}
    cols = {'count': [row[a] for row in count], 'time': [row[a] / 1e9 for row in tsum]}
    for metric in ('count', 'time') if known[a] else ('count',):
        g = [cols[metric][k] for k in green]
        r = [cols[metric][k] for k in red]
        t = mannwhitneyu(g, r, alternative='two-sided', method='auto')
        res[metric] = {'green': g, 'red': r, 'u': float(t.statistic), 'p': float(t.pvalue)}
    out[name] = res
print(json.dumps(out))
