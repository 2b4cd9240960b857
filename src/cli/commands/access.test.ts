/** `analyze` shows the access patterns: the JSON's `nodes.*.access` and `files`, the text report's Files table. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliFileAccess } from '../../analysis/accessReport';
import { runCli as run } from '../../testing/cliRun';

const IOR = join(import.meta.dirname, '..', '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');

describe('analyze: access patterns (IOR shared file vs file per process)', () => {
  it('--json: per activity `access`, per file `files` (cases, shared, reads/writes split, sizes, bytes)', async () => {
    const r = await run('analyze', '--json', IOR);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { nodes: Record<string, { access?: unknown; count: number }>; files: Record<string, CliFileAccess> };
    // every field of before stays (count, errnos, …); `access` only on activities with known offsets
    expect(doc.nodes['pwrite64:/scratch/ior']).toMatchObject({ count: 96, access: { requests: 96, consecutive: 80, sequential: 7, random: 9, sizes: [0, 0, 96, 0, 0, 0, 0, 0, 0, 0] } });
    expect(doc.nodes['openat:/scratch/ior'].access).toBeUndefined();
    const ssf = doc.files['/scratch/ior/ssf'];
    const dir = { requests: 48, bytes: 196608, with_offset: 48, consecutive: 40, sequential: 7, random: 1, sizes: [0, 0, 48, 0, 0, 0, 0, 0, 0, 0] };
    expect(ssf).toEqual({ cases: 8, shared: true, bytes: 393216, sizes: [0, 0, 96, 0, 0, 0, 0, 0, 0, 0], reads: dir, writes: dir });
    expect(doc.files['/scratch/ior/fpp.00000007']).toMatchObject({ cases: 1, shared: false, bytes: 49152 });
    expect(Object.keys(doc.files)[0]).toBe('/scratch/ior/ssf'); // most bytes first
  });

  it('text: a short Files table, most bytes first', async () => {
    const r = await run('analyze', IOR);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Files ('));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1].split(/\s+/)).toEqual(['file', 'bytes', 'cases', 'shared', 'consec', 'seq', 'rand', 'size']);
    expect(lines[at + 2].split(/\s{2,}/)).toEqual(['/scratch/ior/ssf', '384 KiB', '8', 'shared', '83%', '15%', '2%', '1K–10K']);
    expect(lines.slice(at + 2, at + 12).find((l) => l.startsWith('/scratch/ior/fpp.00000000'))?.split(/\s{2,}/)).toEqual(['/scratch/ior/fpp.00000000', '48.0 KiB', '1', 'private', '83%', '0%', '17%', '1K–10K']);
    expect(lines[at + 12]).toMatch(/^… \d+ more files \(--top 0 shows all\)$/);
  });
});
