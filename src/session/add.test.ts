/** Session.add: more files merged with the loaded ones (green runs from one folder, red from another). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource, type ByteSource } from '../ingest/source';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, formatView, parseView } from './view';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const FIG1 = join(__dirname, '..', 'cli', '__fixtures__', 'fig1');
const runs = (cid: string, folder = cid): ByteSource[] =>
  readdirSync(IOR)
    .filter((f) => f.startsWith(`${cid}_`))
    .sort()
    .map((f) => bytesSource(`${folder}/${f}`, new Uint8Array(readFileSync(join(IOR, f)))));
const VIEW = analyzeParams(parseView('v=1&green=cid:ssf&red=cid:fpp'));

describe('Session.add', () => {
  it('ssf runs, then the fpp runs added: the same analysis as loading both at once', async () => {
    const once = new Session();
    await once.load(noCtx(), [...runs('ssf'), ...runs('fpp')]);
    await once.analyze(noCtx(), VIEW);
    const s = new Session();
    const first = await s.load(noCtx(), runs('ssf'));
    expect(first.cids).toEqual(['ssf']);
    const sum = await s.add(noCtx(), runs('fpp'));
    expect(sum.cases).toBe(16);
    expect(sum.cids).toEqual(['fpp', 'ssf']);
    expect(sum.errors).toEqual([]);
    expect(sum.warnings).toEqual([]);
    const reply = await s.analyze(noCtx(), VIEW);
    expect(reply.partitionCases!.green).toHaveLength(8);
    expect(reply.partitionCases!.red).toHaveLength(8);
    expect((await s.exportJson(noCtx())).join('')).toBe((await once.exportJson(noCtx())).join(''));
  });

  it('a file already loaded is named, not read twice; a case id already loaded is kept apart and warned', async () => {
    const s = new Session();
    await s.load(noCtx(), runs('ssf'));
    const again = await s.add(noCtx(), runs('ssf').slice(0, 2));
    expect(again.cases).toBe(8);
    expect(again.errors.map((e) => e.message)).toEqual(['ssf/ssf_vm_0.st.gz: already loaded (not added again)', 'ssf/ssf_vm_1.st.gz: already loaded (not added again)']);
    // the same file names in another folder (another run with the same ranks, other events): both kept, ids made unique
    const rerun = runs('fpp')[0];
    const other = await s.add(noCtx(), [bytesSource('rerun/ssf_vm_0.st.gz', await rerun.read(0, rerun.size))]);
    expect(other.cases).toBe(9);
    expect(other.caseList.map((c) => c.id)).toContain('ssf_vm_0#2');
    expect(other.warnings).toEqual(['case ssf_vm_0 (rerun/ssf_vm_0.st) is already loaded: added as ssf_vm_0#2']);
    // the same events under another name (a copy of a file already loaded): not added again, and said so
    const copy = await s.add(noCtx(), runs('ssf', 'copy').slice(1, 2));
    expect(copy.cases).toBe(9);
    expect(copy.warnings.slice(1)).toEqual(['copy/ssf_vm_1.st.gz: case ssf_vm_1 holds the same events as the files already loaded: loaded once, from there; copy/ssf_vm_1.st.gz\'s copy skipped']);
  });

  it('adding before any load is a load; a cancelled add keeps what was loaded', async () => {
    const s = new Session();
    expect((await s.add(noCtx(), runs('fpp'))).cases).toBe(8);
    const ctx = { progress: () => {}, cancel: { cancelled: true } };
    await expect(s.add(ctx, runs('ssf'))).rejects.toMatchObject({ name: 'CancelledError' });
    expect((await s.summary(noCtx()))!.cases).toBe(8);
    expect((await s.analyze(noCtx(), analyzeParams(parseView('')))).result.cases).toBe(8);
  });
});

describe('case filter `cases`: exactly these cases', () => {
  it('keeps the cases named (e.g. one variant’s), in the view text form too', async () => {
    const s = new Session();
    await s.load(
      noCtx(),
      readdirSync(FIG1).sort().map((f) => bytesSource(f, new Uint8Array(readFileSync(join(FIG1, f))))),
    );
    const view = parseView('v=1&raw=1&keep=cases:a_node1_1,b_node1_3');
    expect(view.caseFilters).toEqual([{ keep: 'cases', ids: ['a_node1_1', 'b_node1_3'] }]);
    const r = await s.analyze(noCtx(), analyzeParams(view));
    expect(r.keptCases).toBe(2);
    expect(r.result.variants.flatMap((v) => v.cases).sort()).toEqual(['a_node1_1', 'b_node1_3']);
    // then with an activity filter, in order
    const r2 = await s.analyze(noCtx(), analyzeParams(parseView(`${formatView(view)}&keep=with:read:/etc/passwd`)));
    expect(r2.result.variants.flatMap((v) => v.cases)).toEqual(['b_node1_3']);
    // the analysis JSON records the view that made it
    const doc = JSON.parse((await s.exportJson(noCtx())).join(''));
    expect(doc.view).toBe('v=1&raw=1&keep=cases:a_node1_1,b_node1_3&keep=with:read:/etc/passwd');
    expect(Object.keys(doc)[0]).toBe('view');
  });
});
