#!/usr/bin/python3
"""Regenerates dd2_host_1.st and dd2-write.timeline.json (see README.md). Run from this folder."""
import json, os, re, subprocess, tempfile

tmp = tempfile.mkdtemp()
cmd = f"dd if=/dev/zero of={tmp}/a bs=4k count=300 status=none & dd if=/dev/zero of={tmp}/b bs=64k count=200 status=none; wait"
subprocess.run(["strace", "-f", "-tt", "-T", "-y", "-e", "trace=write", "-o", "dd2_host_1.st", "sh", "-c", cmd], check=True)

# the temporary directory's name is not part of the fixture
st = open("dd2_host_1.st", encoding="utf-8").read().replace(tmp, "/tmp/dd")
open("dd2_host_1.st", "w", encoding="utf-8").write(st)

# strace -f -tt -T -y lines: PID HH:MM:SS.ffffff write(FD<path>, ...) = RET <DUR>, or split into
# `write(FD<path>, ... <unfinished ...>` and `<... write resumed>) = RET <DUR>` (merged per pid)
head_re = re.compile(r"^(\d+) +(\d\d):(\d\d):(\d\d\.\d+) write\((\d+)<([^>]*)>, ")
tail_re = re.compile(r"\) = (-?\d+)(?: [A-Z]+ \(.*\))? <(\d+\.\d+)>$")
pids, events, pending = [], [], {}
for text in st.splitlines():
    pid = int(text.split()[0])
    h = head_re.match(text)
    if h:
        start = int(h[2]) * 3600 + int(h[3]) * 60 + float(h[4])
        if text.endswith("<unfinished ...>"):
            pending[pid] = (start, h[6])
            continue
        path = h[6]
    elif "<... write resumed>" in text and pid in pending:
        start, path = pending.pop(pid)
    else:
        continue
    t = tail_re.search(text)
    if not t:
        continue
    if pid not in pids:
        pids.append(pid)
    events.append((pids.index(pid), pid, start, float(t[2]), max(0, int(t[1])), path))
events.sort(key=lambda e: (e[2], e[0]))

labels = sorted({f"write {e[5]}" for e in events})
out = {
    "activity": "write:/tmp/dd",
    "timeBase": "clock",
    "rowLabels": [f"dd2_host_1 · pid {p}" for p in pids],
    "rowCase": ["dd2_host_1"] * len(pids),
    "row": [e[0] for e in events],
    "pid": [e[1] for e in events],
    "start": [e[2] for e in events],
    "dur": [e[3] for e in events],
    "size": [e[4] for e in events],
    "label": [labels.index(f"write {e[5]}") for e in events],
    "labels": labels,
}
json.dump(out, open("dd2-write.timeline.json", "w"), separators=(",", ":"))
print(len(events), "events in", len(pids), "rows")
