/**
 * WorkerClient: Cancel always works, even when the worker is blocked (src/testing/inProcessWorker.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { InProcessWorker } from '../testing/inProcessWorker';
import { WorkerClient } from './client';

const FIG1 = join(__dirname, '..', 'cli', '__fixtures__', 'fig1');
const fig1 = () => readdirSync(FIG1).sort().map((f) => ({ file: new File([readFileSync(join(FIG1, f))], f), name: f }));

const stuck = { ...DEFAULT_MAPPING, include: [{ kind: 'substring' as const, pattern: 'STUCK' }] };

describe('Cancel always works', () => {
  it('a request that does not stop after its cancel gets the worker replaced; the next call works', async () => {
    InProcessWorker.made = [];
    const client = new WorkerClient(() => new InProcessWorker() as unknown as Worker, 200);
    await client.call('load', [fig1(), {}]).promise;
    const call = client.call('analyze', [{ mapping: stuck, partition: null, caseFilters: [] }]);
    const t0 = Date.now();
    client.cancel(call.id);
    await expect(call.promise).rejects.toMatchObject({ name: 'WorkerStopped', message: /did not stop within 0.2 s of Cancel and was restarted/ });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(InProcessWorker.made[0].terminated).toBe(true);
    const sum = await client.call('load', [fig1(), {}]).promise;
    expect(sum.cases).toBe(6);
    expect(InProcessWorker.made).toHaveLength(2);
  });

});

describe('the mapping watchdog', () => {
  it('a mapping silent for stallMs in a regular expression gets the worker replaced, the error names the expression', async () => {
    InProcessWorker.made = [];
    const client = new WorkerClient(() => new InProcessWorker() as unknown as Worker, 200, 300);
    await client.call('load', [fig1(), {}]).promise;
    const hostile = { ...DEFAULT_MAPPING, include: [{ kind: 'regex' as const, pattern: '^(STUCK/?[^/]*)*!$' }] };
    const t0 = Date.now();
    const call = client.call('analyze', [{ mapping: hostile, partition: null, caseFilters: [] }]);
    await expect(call.promise).rejects.toMatchObject({ name: 'MappingTimeout', message: /regular expression \/\^\(STUCK\/\?\[\^\/\]\*\)\*!\$\/ ran for more than 0.3 s/ });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(InProcessWorker.made[0].terminated).toBe(true);
    // the next call starts a fresh worker
    const sum = await client.call('load', [fig1(), {}]).promise;
    expect(sum.cases).toBe(6);
    expect(InProcessWorker.made).toHaveLength(2);
  });

  it('a mapping that sends heartbeats is not stopped', async () => {
    InProcessWorker.made = [];
    const client = new WorkerClient(() => new InProcessWorker() as unknown as Worker, 200, 300);
    await client.call('load', [fig1(), {}]).promise;
    const ok = { ...DEFAULT_MAPPING, include: [{ kind: 'regex' as const, pattern: '^/' }] };
    const reply = await client.call('analyze', [{ mapping: ok, partition: null, caseFilters: [] }]).promise;
    await new Promise((r) => setTimeout(r, 500)); // longer than stallMs after the reply: no late failure
    expect(reply.result.nodes.length).toBeGreaterThan(2);
    expect(client.busy).toBe(0);
    expect(InProcessWorker.made.at(-1)!.terminated).toBe(false);
  });
});
