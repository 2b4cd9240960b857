/**
 * OTF2 read speed: `OTF2_BENCH=folder npm run bench:harness -- tools/harness/otf2.harness.ts` reads the
 * trace folder (its anchor with the members) 5 times: readOtf2 alone and the importer (EventLog) (docs/BENCHMARKS.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { bundleSources } from '../../src/ingest/bundle';
import { otf2Importer } from '../../src/ingest/otf2/importer';
import { readOtf2 } from '../../src/ingest/otf2/read';
import { bytesSource, type ByteSource } from '../../src/ingest/source';

it('reads an OTF2 trace folder', async () => {
  const top = process.env.OTF2_BENCH;
  if (!top) return void console.log('set OTF2_BENCH to a trace folder');
  const files: ByteSource[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(bytesSource(`run/${relative(top, p)}`, new Uint8Array(readFileSync(p))));
    }
  };
  walk(top);
  const bundle = bundleSources(files, [otf2Importer.bundle!]).sources.find((s) => s.name.endsWith('.otf2'))!;
  const mb = bundle.size / 1e6;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    const t = await readOtf2(bundle, { cancel: { cancelled: false } }.cancel, () => {});
    const t1 = performance.now();
    const log = await otf2Importer.read(bundle, new Uint8Array(0), {}, { cancel: { cancelled: false }, onBytes: () => {} });
    const t2 = performance.now();
    expect(log.n).toBe(t.groups.reduce((s, g) => s + g.locations.reduce((a, l) => a + l.events.length, 0), 0));
    console.log(`${mb.toFixed(1)} MB, ${log.n} events: readOtf2 ${(t1 - t0).toFixed(0)} ms (${(mb / ((t1 - t0) / 1000)).toFixed(0)} MB/s), importer ${(t2 - t1).toFixed(0)} ms (${(mb / ((t2 - t1) / 1000)).toFixed(0)} MB/s)`);
  }
});
