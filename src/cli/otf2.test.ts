/**
 * The CLI reads OTF2 traces (src/ingest/otf2) given as the trace folder, as its anchor file (the members
 * found beside it), or as a .tar / .tar.gz of the folder: the same cases and events each way.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run, tempDir } from '../testing/cliRun';
import { OTF2_FIXTURES, otf2Truth } from '../testing/otf2Fixtures';
import type { LayerLinks } from '../analysis/layers/links';

interface Json {
  cases: number;
  nodes: Record<string, { count: number; layers?: Record<string, number> }>;
  layers?: Record<string, { calls: number; bytes: number }>;
  layer_links?: LayerLinks;
}
const parse = (out: string): Json => JSON.parse(out) as Json;

describe('OTF2 in the CLI', () => {
  it('the trace folder, its anchor and the folder as a .tar give the same analysis', async () => {
    const folder = await run('analyze', '--json', join(OTF2_FIXTURES, 'layered'));
    expect(folder.code).toBe(0);
    expect(folder.err).toMatch(/1 other file skipped \(not traces\): layered\/truth\.json/);
    const f = parse(folder.out);
    expect(f.cases).toBe(4);
    for (const path of [join(OTF2_FIXTURES, 'layered', 'traces.otf2'), join(OTF2_FIXTURES, 'layered.tar')]) {
      const r = await run('analyze', '--json', path);
      expect(r.code).toBe(0);
      expect(parse(r.out).nodes).toEqual(f.nodes);
    }
    // the layers as written: calls and bytes per layer (the analysis JSON's layers, from the layer column;
    // the default mapping hides system files: /dev/stdout)
    const truth = otf2Truth('layered').groups.flatMap((g) => g.locations.flatMap((l) => l.events)).filter((e) => !e.fp.startsWith('/dev/'));
    const want: Record<string, { calls: number; bytes: number }> = {};
    for (const e of truth) {
      const w = (want[e.layer] ??= { calls: 0, bytes: 0 });
      w.calls++;
      w.bytes += e.size ?? 0;
    }
    const got = Object.fromEntries(Object.entries(f.layers ?? {}).map(([k, v]) => [k, { calls: v.calls, bytes: v.bytes }]));
    expect(got).toEqual(want);
    expect(f.nodes['pwrite64:/scratch/out.h5'].layers).toEqual({ POSIX: 8 });
    expect(f.nodes['MPI_File_write_at_all:/scratch/out.h5'].layers).toEqual({ 'MPI-IO': 8 });
    // 2 H5Dwrite per rank, 4 ranks
    expect(f.nodes['H5Dwrite:/scratch/out.h5']?.count ?? Object.entries(f.nodes).find(([k]) => k.startsWith('H5Dwrite'))?.[1].count).toBe(8);
  });

  it('the layer links follow the handles as written (handles/: where time containment would say otherwise), in the JSON and the text', async () => {
    for (const name of ['layered', 'handles']) {
      const truth = otf2Truth(name);
      // from the writer's list: per (upper call, lower call) the links, per layer the linked and unmatched events
      // (the default mapping hides system files: /dev/stdout's events, none of them linked)
      const rows: Record<string, number> = {};
      const layers: Record<string, { linked: number; unmatched: number; outside: number }> = {};
      for (const l of truth.groups.flatMap((g) => g.locations)) {
        for (const e of l.events) {
          if (e.fp.startsWith('/dev/') || (e.parent < 0 && !e.unmatched)) continue;
          const c = (layers[e.layer] ??= { linked: 0, unmatched: 0, outside: 0 });
          if (e.unmatched) c.unmatched++;
          else {
            c.linked++;
            const p = l.events[e.parent];
            const k = `${p.layer} ${p.call} -> ${e.layer} ${e.call}`;
            rows[k] = (rows[k] ?? 0) + 1;
          }
        }
      }
      const r = await run('analyze', '--json', join(OTF2_FIXTURES, name));
      expect(r.code).toBe(0);
      const links = parse(r.out).layer_links!;
      expect(links.sources).toEqual(['handles']);
      expect(Object.fromEntries(links.rows.map((x) => [`${x.upperLayer} ${x.upperCall} -> ${x.lowerLayer} ${x.lowerCall}`, x.links]))).toEqual(rows);
      expect(links.layers).toEqual(layers);
      if (name === 'handles') {
        // no H5Dwrite -> write although the write to b.log lies inside it; e.dat's pwrite64 under its own MPI-IO call
        expect(rows).toEqual({
          'MPI-IO MPI_File_write_at -> POSIX pwrite64': 2,
          'HDF5 H5Dwrite -> MPI-IO MPI_File_write_at': 1,
          'HDF5 H5Dwrite -> POSIX pwrite64': 1,
          'MPI-IO MPI_File_iwrite_at -> POSIX pwrite64': 1,
        });
        expect(layers).toEqual({ 'MPI-IO': { linked: 1, unmatched: 1, outside: 0 }, POSIX: { linked: 4, unmatched: 1, outside: 0 } });
        const text = await run('analyze', join(OTF2_FIXTURES, name));
        expect(text.out).toContain("Layer links (which call of the layer above each call served: by the trace's I/O handles)");
        expect(text.out).toMatch(/MPI-IO\s+MPI_File_iwrite_at\s+->\s+POSIX\s+pwrite64\s+1\s+4\.00 KiB/);
        expect(text.out).toContain('POSIX: 4 linked, 1 on a handle with a parent that no call of the layers above holds (not linked)');
        expect(text.out).not.toMatch(/H5Dwrite\s+->\s+POSIX\s+write\b/);
      } else expect(Object.values(rows).reduce((a, b) => a + b, 0)).toBe(44);
    }
  });

  it('converted to a native .h5 event log, the layers come back (convert, then analyze the .h5)', async () => {
    const dir = tempDir('otf2');
    const h5 = join(dir, 'layered.h5');
    const c = await run('convert', join(OTF2_FIXTURES, 'layered'), '-o', h5);
    expect(c.code).toBe(0);
    const a = parse((await run('analyze', '--json', join(OTF2_FIXTURES, 'layered'))).out);
    const b = parse((await run('analyze', '--json', h5)).out);
    expect(b.layers).toEqual(a.layers);
    expect(b.nodes).toEqual(a.nodes);
    // and the links (the parent column)
    expect(a.layer_links?.rows.length).toBeGreaterThan(0);
    expect(b.layer_links).toEqual(a.layer_links);
  });

  it('a .tar.gz of a chunked trace: 12,000 writes', async () => {
    const r = await run('analyze', '--json', join(OTF2_FIXTURES, 'chunks.tar.gz'));
    expect(r.code).toBe(0);
    const j = parse(r.out);
    expect(Object.values(j.nodes).reduce((s, n) => s + n.count, 0)).toBe(12000);
  });

  it('a SIONlib archive named on the command line is one clear error', async () => {
    const r = await run('analyze', join(OTF2_FIXTURES, 'sion', 'traces.otf2'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/SIONlib file substrate.*SCOREP_TRACING_USE_SION=false/);
  });
});
