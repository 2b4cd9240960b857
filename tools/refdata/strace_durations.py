# The trace text as the comparison's reference programs read it (compare_exact.py, compare_percall.py): per
# line that starts a system call, the call's name and its duration as an integer number of ns, read from its
# own line or, for a call strace split into `<unfinished ...>` and `<... resumed>`, from the resumed line of
# the same pid. Independent of strace-dfg's parser. (A module beside the programs: the reference values' key
# covers it, src/testing/refdata.ts.)
import gzip, re

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
    pending = {}  # pid -> line number of its unfinished call
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
