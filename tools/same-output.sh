#!/usr/bin/env bash
# Byte-identical outputs before/after a refactoring: runs two CLI bundles on every fixture folder
# (analyze --json, insights --json, compare --json with the cases split by id; with SAME_OUTPUT_MORE=1 also
# the text report and time --json; stdout, stderr and the exit code) and diffs them. SAME_OUTPUT_DIRS=
# "a b" limits it to those folders. Usage:
#   tools/same-output.sh OLD.mjs NEW.mjs        (e.g. a bundle built from main and one from your branch)
# Build a bundle of a checkout with: npx vite build -c vite.cli.config.ts --outDir DIR (inside the repository,
# so that its runtime import of h5wasm resolves to node_modules).
set -uo pipefail
old=$1 new=$2
cd "$(dirname "$0")/.."
out=$(mktemp -d)
# every fixture folder: e2e/fixtures and each __fixtures__ under src, with their sub-folders
dirs=${SAME_OUTPUT_DIRS:-$(for r in e2e/fixtures $(find src -type d -name __fixtures__); do find "$r" -type d; done | sort -u)}
runs=0 diffs=0
for d in $dirs; do
  for cmd in "analyze --json" "insights --json" "compare --json --green re:^[a-k] --red re:^[l-z]" ${SAME_OUTPUT_MORE:+"analyze --top 5" "time --json"}; do
    for side in old new; do
      bundle=$old; [ $side = new ] && bundle=$new
      # shellcheck disable=SC2086
      node "$bundle" $cmd "$d" >"$out/$side.out" 2>"$out/$side.err"; echo "exit $?" >>"$out/$side.err"
    done
    runs=$((runs + 1))
    if ! cmp -s "$out/old.out" "$out/new.out" || ! cmp -s "$out/old.err" "$out/new.err"; then
      diffs=$((diffs + 1))
      echo "DIFFERS: $cmd $d"
      diff "$out/old.err" "$out/new.err" | head -5
      diff "$out/old.out" "$out/new.out" | head -5
    fi
  done
done
rm -rf "$out"
echo "$runs runs, $diffs differ"
[ $diffs -eq 0 ]
