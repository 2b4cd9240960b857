/**
 * Archives (src/ingest/archive.ts): GNU tar (gnu format), pax tar.gz and Info-ZIP zip of six strace
 * fixtures (src/ingest/__fixtures__/archives, made by tools/make-archive-fixtures.sh) load like the files
 * themselves; a truncated archive is one error naming it; a file only named like an archive is read as a file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, parseView } from './view';
import { openArchive } from '../ingest/archive';
import { webInflate } from '../ingest/gzip';
import { bytesSource, type ByteSource } from '../ingest/source';

const AR = join(__dirname, '..', 'ingest', '__fixtures__', 'archives');
const ST = join(__dirname, '..', 'ingest', 'strace', '__fixtures__');
const archive = (f: string): ByteSource => bytesSource(f, new Uint8Array(readFileSync(join(AR, f))));
const FILES = ['a_node1_1.st', 'a_node1_2.st', 'a_node1_3.st', 'sub/b_node1_1.st', 'sub/b_node1_2.st', 'sub/b_node1_3.st'];
const plain = (): ByteSource[] => FILES.map((f) => bytesSource(`ab/${f}`, new Uint8Array(readFileSync(join(ST, f.replace('sub/', ''))))));

async function analysis(inputs: ByteSource[]) {
  const s = new Session();
  const summary = await s.load(noCtx(), inputs);
  await s.analyze(noCtx(), analyzeParams(parseView('v=1&green=cid:a&red=cid:b')));
  const json = JSON.parse((await s.exportJson(noCtx())).join(''));
  return { summary, json };
}

describe('archives', () => {
  it.each(['ab.tar', 'ab_pax.tar.gz', 'ab.zip'])('%s opens into the six files (hidden entries and folders left out), byte for byte', async (f) => {
    const files = await openArchive(archive(f), webInflate());
    expect(files!.map((m) => m.name)).toEqual(FILES.map((x) => `${f}/ab/${x}`));
    for (const [k, m] of files!.entries()) expect(await m.read(0, m.size)).toEqual(await plain()[k].read(0, plain()[k].size));
  });

  it.each(['ab.tar', 'ab_pax.tar.gz', 'ab.zip'])('a dropped %s loads like the folder it was made from', async (f) => {
    const want = await analysis(plain());
    const got = await analysis([archive(f)]);
    expect(got.summary.errors).toEqual([]);
    expect(got.summary.cases).toBe(6);
    expect(got.summary.caseList.map((c) => c.id)).toEqual(want.summary.caseList.map((c) => c.id));
    expect(got.summary.files.map((f) => f.name)).toEqual(FILES.map((x) => `${f}/ab/${x}`));
    expect(got.json.nodes).toEqual(want.json.nodes);
    expect(got.json.edges).toEqual(want.json.edges);
  });

  it('a truncated tar is one error naming it, the other files load', async () => {
    const s = new Session();
    const sum = await s.load(noCtx(), [archive('truncated.tar'), plain()[0]]);
    expect(sum.cases).toBe(1);
    expect(sum.errors).toHaveLength(1);
    expect(sum.errors[0].message).toMatch(/^truncated\.tar: the archive is corrupt or truncated \(.+\)$/);
  });

  it('a file only named like an archive is read as a file (and named as what it is not)', async () => {
    expect(await openArchive(archive('notreally.tar'), webInflate())).toBeNull();
    const sum = await new Session().load(noCtx(), [archive('notreally.tar')]);
    expect(sum.errors.map((e) => e.file)).toEqual(['notreally.tar']);
    expect(sum.errors[0].message).toMatch(/^notreally\.tar: neither/);
  });

  it('archives inside a dropped folder are opened too (a folder of archived runs loads every run; the same run archived twice, once)', async () => {
    const sum = await new Session().load(noCtx(), [bytesSource('runs/ab.tar', new Uint8Array(readFileSync(join(AR, 'ab.tar')))), bytesSource('runs/ab.zip', new Uint8Array(readFileSync(join(AR, 'ab.zip'))))]);
    expect(sum.errors).toEqual([]);
    expect(sum.cases).toBe(6);
    expect(sum.files.map((f) => f.name)).toEqual(FILES.map((x) => `runs/ab.tar/ab/${x}`));
    // the zip's files were opened and read: each is named as the copy it is
    expect(sum.warnings).toEqual(FILES.map((x) => expect.stringContaining(`runs/ab.zip/ab/${x}: case ${x.replace(/^.*\//, '').replace('.st', '')} holds the same events as runs/ab.tar/ab/${x}`)));
  });
});
