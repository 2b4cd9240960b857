#!/usr/bin/env bash
# The layers views' test data (README.md): the project's CLI on the real strace -k fixtures of
# src/analysis/layers/__fixtures__. Run from the repository root after `npm run build`.
set -euo pipefail
FX=src/analysis/layers/__fixtures__
OUT=src/ui/layers/__fixtures__
CLI="node dist-cli/strace-dfg.mjs"
# the C program: the analysis JSON's layer fields only (nodes.<act>.layers/.sites, layers, call_sites)
$CLI analyze --json --depth 0 "$FX/c/c_all.st" | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
json.dump({"layers": d["layers"], "call_sites": d["call_sites"],
           "nodes": {k: {"count": v["count"], "layers": v["layers"], "sites": v["sites"]} for k, v in d["nodes"].items()}},
          sys.stdout, indent=0, sort_keys=True)' >"$OUT/c_all.layers.json"
# the flame graph of the C program (time), and OMPIO (green) against ROMIO (red), bytes per case
$CLI flame --json --weight time "$FX/c/c_all.st" >"$OUT/c_all.flame.json"
$CLI flame --json --diff --weight bytes --green cid:ompio --red cid:romio "$FX/mpi-ompio" "$FX/mpi-romio" >"$OUT/mpi.flame.json"
