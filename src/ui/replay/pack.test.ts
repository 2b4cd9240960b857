// The downloaded replay folder, read back by Python's own zipfile and tarfile (another reader than ours):
// every file's path, text and mode (run.sh executable), directories in the tar.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireTools } from '../../testing/needs';
import { packFolder } from './pack';

requireTools('python3');

const READ = `
import json, sys, tarfile, zipfile
p = sys.argv[1]
out = {}
if p.endswith('.zip'):
    with zipfile.ZipFile(p) as z:
        for i in z.infolist():
            out[i.filename] = [z.read(i).decode(), (i.external_attr >> 16) & 0o777]
else:
    with tarfile.open(p) as t:
        for m in t.getmembers():
            out[m.name + ('/' if m.isdir() else '')] = [t.extractfile(m).read().decode() if m.isfile() else None, m.mode]
print(json.dumps(out))
`;

const files = [
  { path: 'README.md', text: '# replay\n\nnon-ASCII: µs → ✓\n' },
  { path: 'run.sh', text: '#!/bin/sh\necho hi\n', executable: true },
  { path: 'iolog/case0.iolog', text: 'fio version 3 iolog\n0 a add\n' },
  { path: 'meta/case0.tsv', text: '' },
];

async function readBack(format: 'zip' | 'tar'): Promise<Record<string, [string | null, number]>> {
  const dir = mkdtempSync(join(tmpdir(), 'pack-'));
  const p = join(dir, `r.${format}`);
  writeFileSync(p, await packFolder(files, 'strace-dfg-replay', format));
  const r = spawnSync('python3', ['-c', READ, p], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, [string | null, number]>;
}

describe('packFolder', () => {
  it.each(['zip', 'tar'] as const)('%s: every file under the top folder with its text, run.sh executable', async (format) => {
    const got = await readBack(format);
    for (const f of files) expect(got[`strace-dfg-replay/${f.path}`]).toEqual([f.text, f.executable ? 0o755 : 0o644]);
    const names = Object.keys(got).filter((n) => !n.endsWith('/'));
    expect(names.sort()).toEqual(files.map((f) => `strace-dfg-replay/${f.path}`).sort());
    if (format === 'tar') expect(Object.keys(got).filter((n) => n.endsWith('/')).sort()).toEqual(['strace-dfg-replay/', 'strace-dfg-replay/iolog/', 'strace-dfg-replay/meta/']);
  });
});
