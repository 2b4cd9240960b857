#!/usr/bin/env bash
# Makes the archive fixtures of src/ingest/__fixtures__/archives (README there) from six strace fixtures,
# with the real tools: GNU tar (gnu and pax formats, gzip) and Info-ZIP zip. Run from the repository root.
set -euo pipefail
out=src/ingest/__fixtures__/archives
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/ab/sub"
cp src/ingest/strace/__fixtures__/a_node1_{1,2,3}.st "$tmp/ab/"
cp src/ingest/strace/__fixtures__/b_node1_{1,2,3}.st "$tmp/ab/sub/"
printf 'hidden\n' > "$tmp/ab/.DS_Store"
export TZ=UTC
(cd "$tmp" && tar --format=gnu --sort=name --mtime=2026-01-01 --owner=0 --group=0 -cf ab.tar ab \
  && tar --format=pax --sort=name --mtime=2026-01-01 --owner=0 --group=0 --pax-option=delete=atime,delete=ctime -czf ab_pax.tar.gz ab \
  && TZ=UTC touch -d 2026-01-01 ab ab/* ab/sub ab/sub/* ab/.DS_Store && zip -qrX ab.zip ab)
cp "$tmp/ab.tar" "$tmp/ab_pax.tar.gz" "$tmp/ab.zip" "$out/"
# the first 3000 bytes of the tar: a header whose file is cut short
head -c 3000 "$tmp/ab.tar" > "$out/truncated.tar"
# a text file named like an archive
printf 'not an archive\n' > "$out/notreally.tar"
