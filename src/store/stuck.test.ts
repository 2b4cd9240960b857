/** The store over a worker that gets stuck in an analysis (src/testing/inProcessWorker.ts): Cancel, recovery. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { InProcessWorker } from '../testing/inProcessWorker';
import { WorkerClient } from '../worker/client';
import { createAppStore } from './appStore';

const FIG1 = join(__dirname, '..', 'cli', '__fixtures__', 'fig1');
const fig1 = () => readdirSync(FIG1).sort().map((f) => ({ file: new File([readFileSync(join(FIG1, f))], f), name: f }));
const stuck = { ...DEFAULT_MAPPING, include: [{ kind: 'substring' as const, pattern: 'STUCK' }] };

describe('a stuck analysis', () => {
  it('Cancel of a stuck analysis keeps the graph, says why, and the next change reads the files again', async () => {
    const client = new WorkerClient(() => new InProcessWorker() as unknown as Worker, 200);
    const store = createAppStore(client);
    const st = () => store.getState();
    await st().loadFiles(fig1());
    const before = st().result;
    expect(before).not.toBeNull();
    const pending = st().setMapping(stuck);
    await new Promise((r) => setTimeout(r, 20));
    expect(st().status).toBe('analyzing');
    st().cancel();
    await pending;
    expect(st().status).toBe('ready');
    expect(st().result).toBe(before);
    expect(st().mappingError).toMatch(/^Stopped: .*stuck/);
    await st().setMapping({ ...DEFAULT_MAPPING, depth: 1 });
    expect(st().status).toBe('ready');
    expect(st().summary!.cases).toBe(6);
    expect(st().view.mapping.depth).toBe(1);
    expect(st().result!.nodes.length).toBeGreaterThan(0);
  });

  it('new files while an analysis is stuck: the analysis is stopped and the files load', async () => {
    const client = new WorkerClient(() => new InProcessWorker() as unknown as Worker, 200);
    const store = createAppStore(client);
    const st = () => store.getState();
    await st().loadFiles(fig1());
    void st().setMapping(stuck);
    await new Promise((r) => setTimeout(r, 20));
    expect(st().status).toBe('analyzing');
    await st().loadFiles(fig1().slice(0, 3));
    expect(st().status).toBe('ready');
    expect(st().summary!.cases).toBe(3);
  });

  it('a link whose regular expression backtracks catastrophically: the error names it, Retry runs without it', async () => {
    const client = new WorkerClient(() => new InProcessWorker() as unknown as Worker, 200, 300);
    const hostile = { ...DEFAULT_MAPPING, include: [{ kind: 'regex' as const, pattern: '^(STUCK/?[^/]*)*!$' }, { kind: 'substring' as const, pattern: '/' }] };
    const store = createAppStore(client, { mapping: hostile });
    const st = () => store.getState();
    const t0 = Date.now();
    await st().loadFiles(fig1());
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(st().result).toBeNull();
    expect(st().mappingError).toContain('/^(STUCK/?[^/]*)*!$/ ran for more than 0.3 s');
    expect(st().banner).toMatchObject({ canRetry: true });
    // taken out of the view (the URL follows the view): never run again, the substring filter stays
    expect(st().view.mapping.include).toEqual([{ kind: 'substring', pattern: '/' }]);
    await st().retry();
    expect(st().status).toBe('ready');
    expect(st().summary!.cases).toBe(6);
    expect(st().result!.nodes.length).toBeGreaterThan(2);
  });
});
