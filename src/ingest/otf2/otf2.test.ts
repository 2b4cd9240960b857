/**
 * The OTF2 importer against traces written by Debian's OTF2 3.0 writer (tools/otf2-fixtures.py) and the
 * writer's own record of what it wrote (truth.json): the same I/O events per location, layer by layer, with
 * the same parents; Score-P's local ids (mapping tables) and clock offsets applied; chunked files; the
 * SIONlib substrate refused with one message.
 */
import { describe, expect, it } from 'vitest';
import { otf2Archive, otf2Folder, otf2Truth } from '../../testing/otf2Fixtures';
import { bundleSources } from '../bundle';
import { validate } from '../../model/eventlog';
import type { ByteSource } from '../source';
import { otf2Importer } from './importer';
import { readOtf2 } from './read';
import { UNMATCHED } from './events';

const bundle = (name: string): ByteSource => {
  const b = bundleSources(otf2Folder(name), [otf2Importer.bundle!]);
  expect(b.orphans).toEqual([]);
  return b.sources.find((s) => s.name.endsWith('.otf2'))!;
};
const ctx = { cancel: { cancelled: false }, onBytes: () => {} };

describe('OTF2 importer', () => {
  it('bundles the anchor with its definitions and event files; the truth.json stays a file of its own', () => {
    const b = bundleSources(otf2Folder('layered'), [otf2Importer.bundle!]);
    expect(b.sources.map((s) => s.name)).toEqual(['layered/traces.otf2', 'layered/truth.json']);
    expect([...b.sources[0].members!.keys()].sort()).toEqual(['traces.def', ...[0, 1, 2, 3, 4, 5, 6].flatMap((k) => [`traces/${k}.def`, `traces/${k}.evt`])].sort());
  });

  it('reads every I/O event as written, per location, with its layer, times, sizes, offsets and parent', async () => {
    const truth = otf2Truth('layered');
    const t = await readOtf2(bundle('layered'), ctx.cancel, ctx.onBytes);
    expect(t.t0).toBe(truth.realtime);
    expect(t.groups.map((g) => [g.name, g.host])).toEqual(truth.groups.map((g) => [g.name, g.host]));
    expect(t.empty).toEqual(['MPI Rank 3: OMP thread 1']);
    let n = 0;
    t.groups.forEach((g, k) => {
      const want = truth.groups[k].locations.filter((l) => l.events.length || g.locations.some((x) => x.name === l.name));
      expect(g.locations.map((l) => l.name)).toEqual(want.map((l) => l.name));
      g.locations.forEach((l, j) => {
        const got = l.events.map((e) => ({
          call: e.call,
          fp: e.fp,
          layer: e.layer,
          start: Math.round(e.start * truth.resolution) + truth.offset,
          end: Number.isNaN(e.dur) ? null : Math.round((e.start + e.dur) * truth.resolution) + truth.offset,
          size: Number.isNaN(e.size) ? null : e.size,
          offset: Number.isNaN(e.offset) ? null : e.offset,
          parent: e.parent,
        }));
        expect(got).toEqual(want[j].events);
        n += got.length;
      });
    });
    expect(n).toBeGreaterThan(100);
    // the layers written: every one of them, and parents across them
    const all = t.groups.flatMap((g) => g.locations.flatMap((l) => l.events));
    expect(new Set(all.map((e) => e.layer))).toEqual(new Set(['POSIX', 'ISO C', 'MPI-IO', 'HDF5']));
    expect(all.filter((e) => e.parent >= 0).length).toBe(4 * 11);
    // rank 0's asynchronous read never completed: counted, not an event
    expect(t.groups[0].locations[0].dropped).toEqual({ 'unfinished-operation': 1 });
  });

  it('one case per rank with I/O ({folder}_{host}_{rank}), its threads as pids, epoch times', async () => {
    const truth = otf2Truth('layered');
    const log = await otf2Importer.read(bundle('layered'), new Uint8Array(0), {}, ctx);
    validate(log);
    expect(log.timeBase).toBe('epoch');
    expect(log.cases.map((c) => [c.id, c.cid, c.host, c.rid])).toEqual([
      ['layered_node01_0', 'layered', 'node01', '0'],
      ['layered_node01_1', 'layered', 'node01', '1'],
      ['layered_node02_2', 'layered', 'node02', '2'],
      ['layered_node02_3', 'layered', 'node02', '3'],
    ]);
    expect(log.files[0].warnings).toEqual(['1 location group without I/O records (not shown as cases)']);
    const { layer, layerNames } = log as typeof log & { layer: Uint8Array; layerNames: string[] };
    expect(new Set(layerNames)).toEqual(new Set(['POSIX', 'ISO C', 'MPI-IO', 'HDF5']));
    log.cases.forEach((c, k) => {
      const want = truth.groups[k].locations
        .flatMap((l, pid) => l.events.map((e) => [pid, e.call, e.fp, truth.realtime + (e.start - truth.offset) / truth.resolution, e.size ?? NaN, e.offset ?? NaN, e.layer] as const))
        .sort((a, b) => a[3] - b[3] || a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]));
      const got: (readonly [number, string, string, number, number, number, string])[] = [];
      for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
        got.push([log.pid[i], log.calls[log.pairCall[log.pair[i]]], log.paths[log.pairFp[log.pair[i]]], log.start[i], log.size[i], log.offset[i], layerNames[layer[i]]]);
      }
      got.sort((a, b) => a[3] - b[3] || a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]));
      expect(got.length).toBe(want.length);
      got.forEach((g, i) => {
        expect([g[0], g[1], g[2], g[4], g[5], g[6]]).toEqual([want[i][0], want[i][1], want[i][2], want[i][4], want[i][5], want[i][6]]);
        expect(Math.abs(g[3] - want[i][3])).toBeLessThan(1e-6);
      });
    });
  });

  it('links each operation by the handles, where time containment says otherwise (handles/): the parents as written', async () => {
    const truth = otf2Truth('handles');
    const want = truth.groups[0].locations[0].events;
    const t = await readOtf2(bundle('handles'), ctx.cancel, ctx.onBytes);
    const got = t.groups[0].locations[0].events;
    // the events per layer as written, each with the parent the writer gave it (UNMATCHED: a parent handle, no holder)
    expect(got.map((e) => [e.call, e.fp, e.layer, e.size])).toEqual(want.map((e) => [e.call, e.fp, e.layer, e.size]));
    expect(got.map((e) => e.parent)).toEqual(want.map((e) => (e.unmatched ? UNMATCHED : e.parent)));
    expect(want.filter((e) => e.unmatched).length).toBe(truth.unmatched);
    // the fixture is one where time containment disagrees: the innermost event of another layer holding each event
    const inner = (k: number) => {
      let best = -1;
      want.forEach((q, j) => {
        if (j !== k && q.layer !== want[k].layer && q.start <= want[k].start && q.end! >= want[k].end! && (best < 0 || q.start >= want[best].start)) best = j;
      });
      return best;
    };
    const disagree = want.map((e, k) => [k, inner(k), e.unmatched ? -1 : e.parent]).filter(([, a, b]) => a !== b);
    // the write to b.log (no parent handle) lies in H5Dwrite; e.dat's pwrite64 lies in a.h5's MPI_File_write_at,
    // but its handle's parent is e.dat's (non-blocking) MPI-IO handle, whose operation holds it too
    expect(disagree.map(([k, a, b]) => [want[k].call, want[k].fp, a >= 0 ? want[a].call : null, b >= 0 ? want[b].call : null])).toEqual([
      ['write', '/scratch/b.log', 'H5Dwrite', null],
      ['pwrite64', '/scratch/e.dat', 'MPI_File_write_at', 'MPI_File_iwrite_at'],
    ]);
    // in the EventLog: each event's parent is its parent's line in the case (0 none, -1 unmatched), counted in a warning
    const log = await otf2Importer.read(bundle('handles'), new Uint8Array(0), {}, ctx);
    validate(log);
    const parent = log.parent!;
    const sec = (tk: number) => truth.realtime + (tk - truth.offset) / truth.resolution;
    const at = (e: (typeof want)[number]) => {
      for (let i = 0; i < log.n; i++) if (log.calls[log.pairCall[log.pair[i]]] === e.call && Math.abs(log.start[i] - sec(e.start)) < 1e-7) return i;
      throw new Error(`no ${e.call}`);
    };
    for (const e of want) {
      const i = at(e);
      expect(parent[i]).toBe(e.unmatched ? -1 : e.parent < 0 ? 0 : log.line[at(want[e.parent])]);
    }
    expect(log.files[0].warnings).toContain(`${truth.unmatched} I/O operations on a handle with a parent handle (the layer above) that no operation up the handles' chain holds in time on its thread: not linked to a layer above`);
  });

  it('reads files of several chunks (12,000 writes in 256 KiB chunks, from a .tar.gz): every write and byte', async () => {
    const files = await otf2Archive('chunks.tar.gz');
    const truthFile = files.find((f) => f.name.endsWith('truth.json'))!;
    const truth = JSON.parse(new TextDecoder().decode(await truthFile.read(0, truthFile.size))) as { writes: number; bytes: number };
    const b = bundleSources(files, [otf2Importer.bundle!]).sources.find((s) => s.name === 'chunks.tar.gz/chunks/traces.otf2')!;
    expect(b.members!.get('traces/0.evt')!.size).toBeGreaterThan(2 * 256 * 1024);
    const log = await otf2Importer.read(b, new Uint8Array(0), {}, ctx);
    expect(log.n).toBe(truth.writes);
    let bytes = 0;
    for (let i = 0; i < log.n; i++) bytes += log.size[i];
    expect(bytes).toBe(truth.bytes);
    expect(new Set(Array.from(log.pair, (p) => log.calls[log.pairCall[p]]))).toEqual(new Set(['write']));
  });

  it('a SIONlib archive is one clear message', async () => {
    await expect(otf2Importer.read(bundle('sion'), new Uint8Array(0), {}, ctx)).rejects.toThrow(/sion\/traces\.otf2: this OTF2 archive was written with the SIONlib file substrate .*SCOREP_TRACING_USE_SION=false/);
  });
});
