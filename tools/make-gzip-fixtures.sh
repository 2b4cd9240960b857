#!/bin/sh
# The gzip edge cases of src/ingest/__fixtures__ made by issue #33.8 (src/ingest/__fixtures__/README.md),
# from the real IOR traces of e2e/fixtures/ior-ssf-fpp, with GNU gzip, head and cat. Run from the repository root.
set -eu
FX=src/ingest/__fixtures__
IOR=e2e/fixtures/ior-ssf-fpp
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# three members written one after the other (as `gzip >> file`, pigz or `cat a.gz b.gz` make them):
# ssf_vm_2's lines 1-100, 101-500 and the rest, each gzip'd on its own
gzip -dc "$IOR/ssf_vm_2.st.gz" > "$tmp/t.st"
head -n 100 "$tmp/t.st" | gzip -9 -n > "$tmp/1.gz"
sed -n '101,500p' "$tmp/t.st" | gzip -9 -n > "$tmp/2.gz"
tail -n +501 "$tmp/t.st" | gzip -9 -n > "$tmp/3.gz"
cat "$tmp/1.gz" "$tmp/2.gz" "$tmp/3.gz" > "$FX/multimember_vm_2.st.gz"
# zero bytes after the data up to a multiple of 10240 (a tape block, `tar -b20`, `dd conv=sync`)
cp "$IOR/ssf_vm_1.st.gz" "$FX/padded_vm_1.st.gz"
size=$(wc -c < "$FX/padded_vm_1.st.gz")
head -c $(( (size / 10240 + 1) * 10240 - size )) /dev/zero >> "$FX/padded_vm_1.st.gz"
# cut inside its second member (a job killed while `gzip >>` appended): the first member whole, then a cut
head -c $(( $(wc -c < "$tmp/1.gz") + 3000 )) "$FX/multimember_vm_2.st.gz" > "$FX/cutmember_vm_2.st.gz"
