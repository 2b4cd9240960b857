#!/usr/bin/env python3
"""Shifts the -t/-tt clock of real strace traces by a constant, wrapping at midnight (issue #33.4 fixture).

usage: shift-clock.py SECONDS OUTDIR FILE.st.gz...

Every line's leading clock time (after the pid prefix of -f -o files) becomes (t + SECONDS) mod 24 h, written
as strace writes it (HH:MM:SS.ffffff); nothing else on the line changes (durations, arguments, results). The
arithmetic is in integer microseconds, so the times are exact. Output: OUTDIR/<same name>, gzip'd.
"""
import gzip
import os
import re
import sys

CLOCK = re.compile(rb'^(\d+ +)?(\d\d):(\d\d):(\d\d)\.(\d{6}) ')
DAY_US = 86400 * 1_000_000


def shift_line(line: bytes, by_us: int) -> bytes:
    m = CLOCK.match(line)
    if not m:
        return line
    h, mi, s, us = (int(x) for x in m.group(2, 3, 4, 5))
    t = ((h * 3600 + mi * 60 + s) * 1_000_000 + us + by_us) % DAY_US
    sec, us = divmod(t, 1_000_000)
    clock = b'%02d:%02d:%02d.%06d ' % (sec // 3600, sec // 60 % 60, sec % 60, us)
    return (m.group(1) or b'') + clock + line[m.end():]


def main() -> None:
    by_us = round(float(sys.argv[1]) * 1_000_000)
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for path in sys.argv[3:]:
        with gzip.open(path, 'rb') as f:
            lines = f.read().split(b'\n')
        with gzip.GzipFile(os.path.join(out, os.path.basename(path)), 'wb', mtime=0) as g:
            g.write(b'\n'.join(shift_line(l, by_us) for l in lines))


if __name__ == '__main__':
    main()
