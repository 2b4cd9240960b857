/**
 * The same case from two sources is loaded once, in the app (issue #33.3): a dropped folder that holds its own
 * converted .h5 beside the traces it was made from, an add of a trace already loaded from an .h5, strace -ff
 * parts beside their joined copy. Through the worker's handlers over dropped Files, as the app loads them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../session/session';
import { analyzeParams, parseView } from '../session/view';
import { noCtx } from '../session/types';
import { workerHandlers } from './handlers';
import { exportHdf5 } from './hdf5';
import type { LoadInput } from './protocol';

const ROOT = join(__dirname, '..', '..');
const FIG1 = join(ROOT, 'src/cli/__fixtures__/fig1');
const FF = join(ROOT, 'src/ingest/strace/__fixtures__');
const open = () => workerHandlers(new Session({ exportHdf5 }));
const file = (bytes: Uint8Array, name: string): LoadInput => ({ file: new File([new Uint8Array(bytes)], name.replace(/^.*\//, '')), name });
const fig1 = (folder: string): LoadInput[] => readdirSync(FIG1).sort().map((f) => file(readFileSync(join(FIG1, f)), `${folder}/${f}`));
const ffParts = (folder: string): LoadInput[] =>
  readdirSync(FF)
    .filter((f) => f.startsWith('flags_ff.st.'))
    .sort()
    .map((f) => file(readFileSync(join(FF, f)), `${folder}/${f}`));
const PARTITION = analyzeParams(parseView('v=1&green=cid:a&red=cid:b'));

/** The native .h5 the app exports after loading `inputs`. */
async function converted(inputs: LoadInput[]): Promise<Uint8Array> {
  const s = open();
  await s.load(noCtx(), inputs);
  return new Uint8Array(await s.exportH5(noCtx()));
}

describe('a case from two sources is loaded once (app)', () => {
  it('a folder with its own converted .h5: 6 cases, not 12; the warning names the .h5; 3 green and 3 red', async () => {
    const h5 = await converted(fig1('run'));
    const s = open();
    const sum = await s.load(noCtx(), [...fig1('run'), file(h5, 'run/out.h5')]);
    expect(sum.cases).toBe(6);
    expect(sum.caseList.map((c) => c.id)).toEqual(['a_node1_1', 'a_node1_2', 'a_node1_3', 'b_node1_1', 'b_node1_2', 'b_node1_3']);
    expect(sum.warnings).toHaveLength(1);
    expect(sum.warnings[0]).toMatch(/^run\/out\.h5: 6 cases \(a_node1_1, .*\) hold the same events as run\/a_node1_1\.st, run\/a_node1_2\.st, run\/a_node1_3\.st, … \(6\): loaded once, from those; run\/out\.h5's copies skipped$/);
    expect(sum.warnings.join(' ')).not.toMatch(/comes from/);
    // the files of the summary: the traces, each once
    expect(sum.files.map((f) => f.name)).toEqual(readdirSync(FIG1).sort().map((f) => `run/${f}`));
    const reply = await s.analyze(noCtx(), PARTITION);
    expect(reply.partitionCases).toEqual({ green: ['a_node1_1', 'a_node1_2', 'a_node1_3'], red: ['b_node1_1', 'b_node1_2', 'b_node1_3'] });
  });

  it('the .h5 alone, then the folder added: nothing added twice, the add names the files already loaded', async () => {
    const h5 = await converted(fig1('run'));
    const s = open();
    expect((await s.load(noCtx(), [file(h5, 'out.h5')])).cases).toBe(6);
    const sum = await s.add(noCtx(), fig1('copy'));
    expect(sum.cases).toBe(6);
    expect(sum.warnings).toEqual([expect.stringMatching(/^copy\/a_node1_1\.st: case a_node1_1 holds the same events as the files already loaded: loaded once, from there; copy\/a_node1_1\.st's copy skipped$/), ...Array(5).fill(expect.any(String))]);
  });

  it('two runs that share file names are two runs (same id, other events): both kept, the warning names each file', async () => {
    const a = readFileSync(join(FIG1, 'a_node1_1.st'));
    const b = readFileSync(join(FIG1, 'b_node1_1.st'));
    const sum = await open().load(noCtx(), [file(a, 'run1/x_node1_1.st'), file(b, 'run2/x_node1_1.st')]);
    expect(sum.cases).toBe(2);
    expect(sum.warnings).toEqual(['case id x_node1_1 comes from 2 files (run1/x_node1_1.st, run2/x_node1_1.st): named x_node1_1, x_node1_1#2']);
  });

  it('a case of an .h5 that is not a copy of a trace beside it keeps its id apart, named with the .h5 it is in', async () => {
    const h5 = await converted([file(readFileSync(join(FIG1, 'b_node1_1.st')), 'x_node1_1.st')]);
    const sum = await open().load(noCtx(), [file(readFileSync(join(FIG1, 'a_node1_1.st')), 'run/x_node1_1.st'), file(h5, 'run/old.h5')]);
    expect(sum.cases).toBe(2);
    expect(sum.warnings).toEqual(['case id x_node1_1 comes from 2 files (run/x_node1_1.st, x_node1_1.st in run/old.h5): named x_node1_1, x_node1_1#2']);
  });

  it('strace -ff parts beside their joined copy in an .h5: the parts are the case, loaded once', async () => {
    const alone = await open().load(noCtx(), ffParts('ff'));
    expect(alone.cases).toBe(1);
    const h5 = await converted(ffParts('ff'));
    const sum = await open().load(noCtx(), [...ffParts('ff'), file(h5, 'ff/out.h5')]);
    expect(sum.cases).toBe(1);
    expect(sum.events).toBe(alone.events);
    expect(sum.warnings).toEqual([expect.stringMatching(/^ff\/out\.h5: case flags_ff holds the same events as ff\/flags_ff\.st\.\*: loaded once, from there; ff\/out\.h5's copy skipped$/)]);
  });
});
