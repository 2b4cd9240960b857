/**
 * Bundles (src/ingest/bundle.ts): an importer's rule groups an anchor with its members by name, the members
 * leave the load's own sources, files of no anchor are named; Session.load hands the importer one source.
 */
import { describe, expect, it } from 'vitest';
import { EventLogBuilder } from '../model/builder';
import { emptyFileReport } from '../model/eventlog';
import { Session } from './session';
import { noCtx } from './types';
import { bundleSources, folderOf, type BundleRule } from '../ingest/bundle';
import type { Importer } from '../ingest/registry';
import { bytesSource, type ByteSource } from '../ingest/source';
import { straceImporter } from '../ingest/strace/importer';

const enc = new TextEncoder();
const src = (name: string, text = name): ByteSource => bytesSource(name, enc.encode(text));

/** A toy multi-file format: `X.anc` (content `ANC`) with members `X.d/*.part` in its folder. */
const rule: BundleRule = {
  anchor: (n) => n.endsWith('.anc'),
  member(anchor, n) {
    const dir = folderOf(anchor);
    const stem = anchor.slice(dir.length, -4);
    return n.startsWith(`${dir}${stem}.d/`) && n.endsWith('.part') ? n.slice(dir.length) : null;
  },
  orphan: (n) => (n.endsWith('.part') ? 'a part without its .anc file' : null),
};

const toy: Importer = {
  id: 'toy',
  pooled: false,
  sequential: false,
  bundle: rule,
  sniff: (head) => new TextDecoder().decode(head.subarray(0, 3)) === 'ANC',
  async read(source, _head, _opts, ctx) {
    const b = new EventLogBuilder();
    const f = b.addFile(emptyFileReport(source.name, 'strace', source.size));
    b.beginCase({ id: source.name, cid: '', host: '', rid: '', pid: null }, f);
    for (const [key, m] of source.members ?? []) {
      const text = new TextDecoder().decode(await m.read(0, m.size));
      b.push(0, b.pairOf(b.internCall(text), b.internPath(key)), 0, b.n, NaN, m.size, 0);
    }
    b.endCase();
    ctx.onBytes(source.size);
    return b.build('none');
  },
};

describe('bundles', () => {
  it('groups an anchor with its members by name, keeps the other files in order, names orphans', () => {
    const files = [src('r/a.st'), src('r/x.anc', 'ANC'), src('r/x.d/0.part', 'p0'), src('r/y.d/1.part'), src('r/x.d/1.part', 'p1'), src('r/z.st')];
    const b = bundleSources(files, [rule]);
    expect(b.sources.map((s) => s.name)).toEqual(['r/a.st', 'r/x.anc', 'r/z.st']);
    expect([...b.sources[1].members!.keys()]).toEqual(['x.d/0.part', 'x.d/1.part']);
    expect(b.sources[1].size).toBe(3 + 2 + 2);
    expect(b.orphans).toEqual([{ file: 'r/y.d/1.part', message: 'r/y.d/1.part: a part without its .anc file' }]);
  });

  it('Session.load gives the importer one source with its members; orphans are errors; other files load', async () => {
    const strace = '123 10:00:00.000001 openat(AT_FDCWD, "/f", O_RDONLY) = 3 <0.000010>\n';
    const s = new Session({ importers: [toy, straceImporter] });
    const sum = await s.load(noCtx(), [src('r/x.anc', 'ANC'), src('r/x.d/0.part', 'read'), src('r/x.d/1.part', 'write'), src('r/q.d/7.part'), src('r/c_h_1.st', strace)]);
    expect(sum.errors.map((e) => e.message)).toEqual(['r/q.d/7.part: a part without its .anc file']);
    expect(sum.caseList.map((c) => c.id)).toEqual(['r/x.anc', 'c_h_1']);
    const log = s.log!;
    expect(log.n).toBe(3);
    const calls = [0, 1].map((i) => log.calls[log.pairCall[log.pair[i]]]);
    const paths = [0, 1].map((i) => log.paths[log.pairFp[log.pair[i]]]);
    expect(calls).toEqual(['read', 'write']);
    expect(paths).toEqual(['x.d/0.part', 'x.d/1.part']);
  });
});
