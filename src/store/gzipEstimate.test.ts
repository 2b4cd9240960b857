/**
 * Issue #33.8 (a): a small .st.gz that holds far more trace than gzip's usual 8:1 gets the memory warning
 * the plain trace of that size gets: the worker measures the decompressed size on the file's head before
 * the load (ingest/estimate.ts traceSizes). Real strace lines (an IOR run's write loop, repeated as a
 * long run repeats it); a small device memory stands in for GBs of trace.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { traceSizes } from '../ingest/estimate';
import { bytesSource } from '../ingest/source';
import { createAppStore } from './appStore';
import { InThread } from '../testing/inThreadClient';
import { estimateLoad, traceBytes } from './memory';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
/** ~64 MiB of trace: the head of a real IOR run, then 150 lines of its I/O phase over and over (a long loop). */
function longRun(): Buffer {
  const lines = gunzipSync(readFileSync(join(IOR, 'fpp_vm_3.st.gz'))).toString('latin1').split('\n');
  // 150 consecutive lines of its I/O phase (under gzip's 32 KiB window: repeated, they compress far over 8:1)
  const loop = lines.slice(400, 550);
  expect(loop.join('\n').length).toBeLessThan(30_000);
  const head = lines.slice(0, 200).join('\n') + '\n';
  const block = loop.join('\n') + '\n';
  return Buffer.from(head + block.repeat(Math.ceil((64 << 20) / block.length)), 'latin1');
}
const input = (name: string, bytes: Uint8Array) => ({ file: new File([new Uint8Array(bytes)], name), name });
/** 0.25 GiB of device memory: a 128 MiB budget, which 64 MiB of trace exceeds (memory.ts estimateLoad). */
const DEVICE = 0.25;

describe('a gzip file that holds far more than 8:1', () => {
  const plain = longRun();
  const gz = gzipSync(plain, { level: 6 });

  it('is measured on its head: its decompressed size within 10 %, not 8 times its size', async () => {
    expect(gz.length * 100).toBeLessThan(plain.length); // over 100:1
    const [size] = await traceSizes([bytesSource('long.st.gz', new Uint8Array(gz))]);
    expect(size).toBeGreaterThan(0.9 * plain.length);
    expect(size).toBeLessThan(1.1 * plain.length);
    expect(traceBytes('long.st.gz', gz.length)).toBeLessThan(plain.length / 10); // the guess before measuring
    expect(estimateLoad(plain.length, DEVICE).fits).toBe(false);
    expect(estimateLoad(traceBytes('long.st.gz', gz.length), DEVICE).fits).toBe(true);
  });

  it('gets the warning the plain trace gets, before anything is loaded; "Load everything anyway" loads it', async () => {
    const want = createAppStore(new InThread(), {}, null, { deviceMemory: DEVICE });
    await want.getState().loadFiles([input('long.st', plain)]);
    const client = new InThread();
    const store = createAppStore(client, {}, null, { deviceMemory: DEVICE });
    await store.getState().loadFiles([input('long.st.gz', gz)]);
    const p = store.getState().pendingLoad;
    expect(p).not.toBeNull();
    expect(want.getState().pendingLoad).not.toBeNull();
    expect(p!.estimate.fits).toBe(false);
    expect(p!.estimate.events).toBeGreaterThan(0.9 * want.getState().pendingLoad!.estimate.events);
    expect(p!.estimate.events).toBeLessThan(1.1 * want.getState().pendingLoad!.estimate.events);
    expect(client.calls).toEqual(['traceSizes']); // nothing loaded yet
    await store.getState().confirmLoad('anyway');
    expect(store.getState().status).toBe('ready');
    expect(store.getState().summary!.events).toBeGreaterThan(300_000);
  }, 60_000);

  it('a gzip load that fits whatever it holds is not measured', async () => {
    const client = new InThread();
    const store = createAppStore(client, {}, null, { deviceMemory: 8 });
    await store.getState().loadFiles([input('fpp_vm_3.st.gz', new Uint8Array(readFileSync(join(IOR, 'fpp_vm_3.st.gz'))))]);
    expect(store.getState().pendingLoad).toBeNull();
    expect(client.calls[0]).toBe('load');
  });
});
