# Reference values for the comparison's per-call tests on real runs (src/analysis/compare/percall.test.ts).
# An independent reading of the trace text as in compare_exact.py: every event's duration from its own line
# (or the `<... resumed>` line of the same pid) as an integer number of ns; then, per activity, every green
# call's duration against every red call's with scipy.stats.mannwhitneyu(green, red, alternative='two-sided'),
# method 'auto' (SciPy's rule: exact without ties when a side has at most 8 calls), 'asymptotic' when
# n_green * n_red > 10000 (the bound strace-dfg keeps the exact table under, docs/METHOD.md "Per-call tests").
# What this program takes from strace-dfg: which activity each event (file, line) belongs to; it checks that
# the line's system call is the activity's call.
# Debian packages: python3-scipy
# argv: TRACE.st[.gz] ... (the cases, in log order); stdin: {"acts": [name], "green": [case], "red": [case],
#   "events": [[[line, act], ...] per case]}; prints one JSON object
import gzip, json, re, statistics, sys
from scipy.stats import mannwhitneyu

HEAD = re.compile(r'^(?:\[pid\s+)?(\d+)\]? +\S+ +(.*)$')
CALL = re.compile(r'^(\w+)\(')
RESUMED = re.compile(r'^<\.\.\. (\w+) resumed>')
DUR = re.compile(r'<(\d+)\.(\d+)>$')


def ticks(line):
    m = DUR.search(line)
    if not m:
        return None
    whole, frac = m.group(1), m.group(2)
    return int(whole) * 10 ** 9 + int(frac) * 10 ** (9 - len(frac))


def read_case(path):
    """line number (1-based) -> (call, duration in ns or None) for every line that starts a call."""
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt', encoding='utf-8', errors='replace') as f:
        lines = f.read().split('\n')
    out = {}
    pending = {}
    for no, text in enumerate(lines, 1):
        text = text.rstrip('\r')
        m = HEAD.match(text)
        if not m:
            continue
        pid, rest = m.group(1), m.group(2)
        r = RESUMED.match(rest)
        if r:
            start = pending.pop(pid, None)
            if start is not None and out[start][0] == r.group(1):
                out[start] = (out[start][0], ticks(rest))
            continue
        c = CALL.match(rest)
        if not c:
            continue
        if rest.endswith('<unfinished ...>'):
            pending[pid] = no
            out[no] = (c.group(1), None)
        else:
            out[no] = (c.group(1), ticks(rest))
    return out


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
