/** A corrupt duration stays out of the statistics and the run's span (src/ingest/strace/durations.ts), app and CLI alike. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { bytesSource } from '../ingest/source';
import { Session } from './session';
import { noCtx } from './types';

const FX = join(__dirname, '..', 'ingest', 'strace', '__fixtures__');

test('2^32-second durations in a 0.1 s trace: p95, mean and max durations and the run span stay those of the real calls', async () => {
  const s = new Session();
  const sum = await s.load(noCtx(), [bytesSource('impossible_durations.st', new Uint8Array(readFileSync(join(FX, 'impossible_durations.st'))))]);
  expect(sum.files[0].warnings.join(' ')).toContain('impossible_durations.st:28, impossible_durations.st:33');
  await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: null, caseFilters: [] });
  const r = (await s.complete(noCtx())) ?? (await s.analyze(noCtx(), { mapping: DEFAULT_MAPPING, partition: null, caseFilters: [] }));
  const nodes = r.result.nodes;
  expect(nodes.length).toBeGreaterThan(2);
  for (const a of nodes) {
    for (const v of [a.meanDur, a.p95Dur]) if (v !== null && v !== undefined) expect(v, a.id).toBeLessThan(0.1);
  }
  const ov = await s.timeOverview(noCtx(), { metric: 'calls' });
  expect(ov.overview.span).toBeLessThan(1);
});
