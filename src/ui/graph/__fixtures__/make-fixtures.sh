#!/bin/sh
# Regenerates the graph-panel fixtures from real programs (see README.md). Run from the repository root
# after `npm run build` (uses the CLI in dist-cli/).
set -eu
here=src/ui/graph/__fixtures__
tmp=$(mktemp -d)
out=$(mktemp -d)
( cd "$tmp"
  strace -f -tt -T -y -e trace=%file,%desc -o a_node1_1.st /usr/bin/python3 -c 'import json'
  strace -f -tt -T -y -e trace=%file,%desc -o b_node1_1.st /usr/bin/python3 -c 'import email.mime.text, http.client, xml.dom.minidom, unittest'
  strace -f -tt -T -y -e trace=%file,%desc -o b_node1_2.st /usr/bin/python3 -c 'import email.parser, csv, sqlite3' )
for d in 2 4; do
  node dist-cli/strace-dfg.mjs analyze --json --depth $d --green-cid a --red-cid b "$tmp" > "$out/cli-depth$d.json"
  /usr/bin/python3 $here/cli2result.py "$out/cli-depth$d.json" a b > $here/python-imports-depth$d.json
done
rm -rf "$tmp" "$out"
