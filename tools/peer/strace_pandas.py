#!/usr/bin/env python3
"""The pipeline a user of the paper's Python tooling would run, as the speed peer of `npm run bench`.

    python3 tools/peer/strace_pandas.py TRACE_DIR OUT.json

Python regular expressions parse `strace -f -tt -T -y` text into a pandas DataFrame (one row per
completed call; `<unfinished ...>` / `<... resumed>` pairs joined per pid), then the default mapping
(`call:` + the fd's path cut to 2 components; an open's path from its returned fd), the Directly-Follows
Graph edge counts per case (● and ■ included) and the per-activity statistics rd, b, dr and mc
(docs/METHOD.md) are computed with pandas/numpy and written as JSON in the shape of
`strace-dfg analyze --json` (nodes and edges). It is written to be reasonably fast (one compiled regex per
line kind, vectorised string and group operations), not as a straw man.
"""
import json
import os
import re
import sys

import numpy as np
import pandas as pd

# pid, hh:mm:ss.us, call, args, return value, the rest of the line after it, duration (one line = one call);
# `= ? ERESTARTSYS` (interrupted, restarted later) is not a call
COMPLETE = re.compile(r'^(\d+) +(\d\d):(\d\d):(\d\d\.\d+) (\w+)\((.*)\) += (-?\d+)(.*?) <(\d+\.\d+)>$', re.M)
UNFINISHED = re.compile(r'^(\d+) +(\d\d):(\d\d):(\d\d\.\d+) (\w+)\((.*) <unfinished \.\.\.>$')
RESUMED = re.compile(r'^(\d+) +\d\d:\d\d:\d\d\.\d+ <\.\.\. (\w+) resumed>(.*)\) += (-?\d+)(.*?) <(\d+\.\d+)>$')

SIZE_CALLS = {'read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev', 'preadv2', 'pwritev2',
              'sendfile', 'sendfile64', 'copy_file_range', 'splice', 'tee', 'recv', 'recvfrom', 'recvmsg', 'send', 'sendto', 'sendmsg'}
OPEN_CALLS = {'open', 'openat', 'openat2', 'creat'}
# calls that name a file: their path argument (made absolute with the dirfd annotation) is the fp
PATH_CALLS = {'newfstatat', 'fstatat64', 'statx', 'faccessat', 'faccessat2', 'unlinkat', 'mkdirat', 'mknodat', 'fchmodat',
              'fchownat', 'futimesat', 'utimensat', 'readlinkat', 'renameat', 'renameat2', 'linkat', 'name_to_handle_at',
              'execveat', 'stat', 'lstat', 'access', 'execve', 'unlink', 'mkdir', 'rmdir', 'rename', 'link', 'chdir', 'chroot',
              'truncate', 'readlink', 'statfs', 'chmod', 'chown', 'lchown', 'utime', 'utimes', 'mknod'}
COLUMNS = ['pid', 'h', 'm', 's', 'call', 'args', 'ret', 'rest', 'dur']


def parse_file(path):
    """One DataFrame of the file's calls: the regex runs over the whole text (C speed), resumed calls are
    joined to their `<unfinished ...>` line of the same pid."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    rows = COMPLETE.findall(text)
    pending = {}
    for line in text.splitlines():
        if '<unfinished ...>' in line:
            m = UNFINISHED.match(line)
            if m:
                pending[m.group(1)] = m.groups()
        elif ' resumed>' in line:
            m = RESUMED.match(line)
            if m and m.group(1) in pending:
                g = m.groups()
                pid, h, mi, s, call, args0 = pending.pop(g[0])
                rows.append((pid, h, mi, s, call, args0 + g[2], g[3], g[4], g[5]))
    return pd.DataFrame(rows, columns=COLUMNS)


def trunc(fp, depth=2):
    if not fp:
        return None
    if not fp.startswith('/'):
        k = re.match(r'^([A-Za-z][\w.+-]*):(\[.*\]|[\w.-]+)$', fp)
        if k:
            return k.group(1)
    parts = [p for p in fp.split('/') if p]
    return ('/' if fp.startswith('/') else '') + '/'.join(parts[:depth])


def max_concurrency(start, dur):
    """Max over instants of #events with start <= t < start + dur (ends before starts at equal times)."""
    end = start + dur
    t = np.concatenate([start, end])
    d = np.concatenate([np.ones(len(start), np.int64), -np.ones(len(end), np.int64)])
    # zero-length events count at their own instant: order their +1 before their -1
    zero = np.concatenate([dur == 0, dur == 0])
    order = np.lexsort((np.where(zero, -d, d), t))
    return int(np.cumsum(d[order]).max()) if len(t) else 0


def main(trace_dir, out):
    names = sorted(n for n in os.listdir(trace_dir) if n.endswith('.st'))
    frames = []
    for n in names:
        d = parse_file(os.path.join(trace_dir, n))
        d['case'] = n
        frames.append(d)
    df = pd.concat(frames, ignore_index=True)
    df['pid'] = df['pid'].astype(np.int64)
    df['start'] = df['h'].astype(np.int64) * 3600 + df['m'].astype(np.int64) * 60 + df['s'].astype(float)
    df['dur'] = df['dur'].astype(float)
    # fp: an open's path from the returned fd `= 3</path>`, else the first argument's fd annotation `3</path>, …`
    opened = df['call'].isin(OPEN_CALLS) & (df['ret'] != '-1')
    from_ret = df['rest'].str.extract(r'^<(.*?)>', expand=False)
    from_arg = df['args'].str.extract(r'^\d+<(.*?)>(?:, |$)', expand=False)
    # a failed open, and a call that names a file: its path argument (absolute, or made absolute with the dirfd annotation `AT_FDCWD</dir>`)
    failed_open = (df['call'].isin(OPEN_CALLS) & (df['ret'] == '-1')) | df['call'].isin(PATH_CALLS)
    arg_path = df['args'].str.extract(r'^(?:(?:AT_FDCWD|\d+)<(.*?)>, )?"([^"]*)"')
    from_path = np.where(arg_path[1].str.startswith('/'), arg_path[1], arg_path[0] + '/' + arg_path[1])
    fps = from_ret.where(opened, from_arg.where(~failed_open, pd.Series(from_path, index=df.index))).fillna('')
    errno = df['rest'].str.match(r'^ E[A-Z0-9]+ ')
    ret = pd.to_numeric(df['ret'], errors='coerce')
    is_size = df['call'].isin(SIZE_CALLS)
    df['size'] = np.where(is_size, np.where(errno, 0.0, np.where(ret >= 0, ret, np.nan)), np.nan)
    uniq = {fp: trunc(fp) for fp in set(fps)}
    path = fps.map(uniq)
    df['act'] = np.where(path.notna(), df['call'] + ':' + path.fillna(''), None)
    df = df.drop(columns=['args', 'ret', 'rest', 'h', 'm', 's'])
    mapped = df[df['act'].notna()].sort_values(['case', 'start'], kind='stable')

    # DFG: consecutive activities per case, framed by ● and ■
    acts = mapped['act'].to_numpy(object)
    case = mapped['case'].to_numpy(object)
    first = np.r_[True, case[1:] != case[:-1]]
    last = np.r_[case[1:] != case[:-1], True]
    src = np.where(first, '●', np.r_[[None], acts[:-1]])
    edges = pd.Series(list(zip(src, acts))).value_counts()
    ends = pd.Series(acts[last]).value_counts()
    edge_json = {f'{a} -> {b}': int(c) for (a, b), c in edges.items()}
    for a, c in ends.items():
        edge_json[f'{a} -> ■'] = int(c)

    # statistics per activity
    g = mapped.groupby('act', sort=False)
    total = mapped['dur'].sum()
    rate = mapped['size'] / mapped['dur'].where(mapped['dur'] > 0)
    stats = pd.DataFrame({'count': g.size(), 'dur': g['dur'].sum(), 'bytes': g['size'].sum(min_count=1),
                          'dr': rate.groupby(mapped['act']).mean()})
    nodes = {}
    for act, s, d in ((a, stats.loc[a], grp) for a, grp in g):
        mc = max_concurrency(d['start'].to_numpy(), d['dur'].to_numpy())
        dr = None if pd.isna(s['dr']) else float(s['dr'])
        nodes[act] = {'count': int(s['count']), 'rd': float(s['dur'] / total) if total > 0 else None,
                      'bytes': None if pd.isna(s['bytes']) else float(s['bytes']), 'dr': dr, 'mc': mc,
                      'DR': mc * dr if dr is not None else None}
    with open(out, 'w') as f:
        json.dump({'cases': len(names), 'events': int(len(df)), 'nodes': nodes, 'edges': edge_json}, f)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
