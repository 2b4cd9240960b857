/**
 * OTF2 traces through Session.load as the app drops them: the trace folder (with other files beside it),
 * the folder as a .tar, the anchor alone, event files without their anchor; and the analysis downstream
 * (graph, statistics, comparison with strace traces of a similar run, insights).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../ingest/source';
import { OTF2_FIXTURES, otf2Folder, otf2Truth } from '../testing/otf2Fixtures';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, parseView } from './view';

const layeredTar = () => bytesSource('layered.tar', new Uint8Array(readFileSync(join(OTF2_FIXTURES, 'layered.tar'))));
const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');

describe('OTF2 in a Session', () => {
  it('a dropped trace folder loads as one trace: 4 ranks with I/O, the other files of the folder skipped', async () => {
    const s = new Session();
    const sum = await s.load(noCtx(), otf2Folder('layered'));
    expect(sum.errors).toEqual([]);
    expect(sum.caseList.map((c) => c.id)).toEqual(['layered_node01_0', 'layered_node01_1', 'layered_node02_2', 'layered_node02_3']);
    expect(sum.files.map((f) => [f.name, f.format])).toEqual([['layered/traces.otf2', 'otf2']]);
    expect(sum.skipped).toEqual(['layered/truth.json']);
    await s.analyze(noCtx(), analyzeParams(parseView('v=1')));
    const json = JSON.parse((await s.exportJson(noCtx())).join(''));
    // the I/O calls of every layer are activities of the graph (the default mapping: call:file)
    const acts = Object.keys(json.nodes);
    for (const call of ['H5Dwrite', 'MPI_File_write_at_all', 'pwrite64', 'fwrite', 'write', 'read', 'lseek', 'open', 'close', 'unlink']) {
      expect(acts.some((a) => a.startsWith(`${call}`))).toBe(true);
    }
  });

  it('the folder as a .tar loads the same events', async () => {
    const a = new Session();
    await a.load(noCtx(), otf2Folder('layered'));
    const b = new Session();
    const sum = await b.load(noCtx(), [layeredTar()]);
    expect(sum.errors).toEqual([]);
    expect(sum.cases).toBe(4);
    expect(Array.from(b.log!.start)).toEqual(Array.from(a.log!.start));
    expect(b.log!.calls).toEqual(a.log!.calls);
  });

  it('the anchor alone and event files without their anchor are named with what to drop', async () => {
    const files = otf2Folder('layered');
    const s = new Session();
    const sum = await s.load(noCtx(), [files.find((f) => f.name === 'layered/traces.otf2')!]);
    expect(sum.errors.map((e) => e.message)).toEqual(['layered/traces.otf2: the OTF2 anchor file without its definitions (traces.def and the folder traces/): drop or name the folder that holds all three']);
    const sum2 = await new Session().load(noCtx(), files.filter((f) => f.name.endsWith('.evt')).slice(0, 2));
    expect(sum2.errors.map((e) => e.message)).toEqual(['layered/traces/0.evt', 'layered/traces/1.evt'].map((f) => `${f}: part of an OTF2 trace whose anchor file (*.otf2) is not in the load: drop or name the folder that holds the anchor`));
  });

  it('a SIONlib archive is one error; the other trace loads', async () => {
    const sum = await new Session().load(noCtx(), [...otf2Folder('sion'), ...otf2Folder('layered')]);
    expect(sum.cases).toBe(4);
    expect(sum.errors.map((e) => e.file)).toEqual(['sion/traces.otf2']);
    expect(sum.errors[0].message).toMatch(/SIONlib file substrate/);
  });

  it('an OTF2 trace compares with strace traces of a similar run (green vs red), and insights run on it', async () => {
    const st = ['ssf_vm_0.st.gz', 'ssf_vm_1.st.gz'].map((f) => bytesSource(`ior/${f}`, new Uint8Array(readFileSync(join(IOR, f)))));
    const s = new Session();
    const sum = await s.load(noCtx(), [...otf2Folder('layered'), ...st]);
    expect(sum.errors).toEqual([]);
    expect(sum.cases).toBe(6);
    await s.analyze(noCtx(), analyzeParams(parseView('v=1&green=cid:layered&red=cid:ssf')));
    const cmp = await s.compare(noCtx());
    expect(cmp.cases.filter((c) => c.side === 'green').map((c) => c.id)).toEqual(sum.caseList.slice(0, 4).map((c) => c.id));
    expect(cmp.cases.filter((c) => c.side === 'red').length).toBe(2);
    expect(cmp.testable).toBe(true);
    // a call both sides make (write) is compared with numbers
    expect(cmp.activities.some((a) => a.id.startsWith('write'))).toBe(true);
    const ins = await s.insights(noCtx());
    expect(Array.isArray(ins.findings)).toBe(true);
  });

  it('the insights count the POSIX layer\'s calls (system-call names), not the layers above them again', async () => {
    const truth = otf2Truth('layered');
    const posix = truth.groups.flatMap((g) => g.locations.flatMap((l) => l.events)).filter((e) => e.layer === 'POSIX');
    const writes = posix.filter((e) => e.call === 'write' || e.call === 'pwrite64').length;
    const reads = posix.filter((e) => e.call === 'read').length;
    const s = new Session();
    await s.load(noCtx(), otf2Folder('layered'));
    await s.analyze(noCtx(), analyzeParams(parseView('v=1')));
    const p01 = (await s.insights(noCtx())).findings.find((f) => f.code === 'P01');
    expect(p01?.message).toContain(`${((100 * writes) / (writes + reads)).toFixed(2)}% writes`);
  });

  it('time views work on it, and in the EventLog each event lies within its parent event (same case and pid)', async () => {
    const s = new Session();
    await s.load(noCtx(), otf2Folder('layered'));
    await s.analyze(noCtx(), analyzeParams(parseView('v=1')));
    const ph = await s.phases(noCtx());
    expect(ph.phases.length).toBeGreaterThan(0);
    const ov = await s.timeOverview(noCtx(), { metric: 'bytes' });
    expect(ov.rowLabels).toEqual(['layered_node01_0', 'layered_node01_1', 'layered_node02_2', 'layered_node02_3']);
    expect(ov.rowRank).toEqual(['0', '1', '2', '3']);
    expect(ov.timeBase).toBe('epoch');
    const tl = await s.timeline(noCtx(), 'pwrite64:/scratch/out.h5');
    expect(tl.start.length).toBe(8);
    // the parent link as the EventLog keeps it: containment in time on the case and pid
    const truth = otf2Truth('layered');
    const log = s.log!;
    const sec = (t: number) => truth.realtime + (t - truth.offset) / truth.resolution;
    let linked = 0;
    truth.groups.slice(0, 4).forEach((g, k) => {
      g.locations.forEach((l, pid) => {
        for (const e of l.events) {
          if (e.parent < 0) continue;
          const p = l.events[e.parent];
          const find = (x: typeof e) => {
            for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
              if (log.pid[i] === pid && log.calls[log.pairCall[log.pair[i]]] === x.call && Math.abs(log.start[i] - sec(x.start)) < 1e-6) return i;
            }
            return -1;
          };
          const i = find(e);
          const j = find(p);
          expect(i >= 0 && j >= 0).toBe(true);
          expect(log.start[j]).toBeLessThanOrEqual(log.start[i]);
          expect(log.start[j] + log.dur[j]).toBeGreaterThanOrEqual(log.start[i] + log.dur[i] - 1e-9);
          linked++;
        }
      });
    });
    expect(linked).toBe(44);
  });
});
