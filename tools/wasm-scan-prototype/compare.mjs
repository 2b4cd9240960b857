#!/usr/bin/env node
/**
 * A measurement, not part of the product (docs/BENCHMARKS.md, session 9): the strace line scan's core
 * compiled to WebAssembly from scan.c against the importer's JavaScript `LineScanner.scan` on the same bytes.
 *
 *   clang --target=wasm32 -O3 -nostdlib -fno-builtin -Wl,--no-entry -Wl,--export=scan_all -Wl,--export=init \
 *     -Wl,--export=__heap_base -Wl,--import-memory -o /tmp/scan.wasm tools/wasm-scan-prototype/scan.c
 *   node tools/wasm-scan-prototype/compare.mjs /tmp/scan.wasm [bench-data/traces-short]
 *
 * scan.c does less than LineScanner (only the common `PID hh:mm:ss.uuuuuu name(args) = ret <d.uuuuuu>` form;
 * no fd-annotation cache, no unfinished/resumed, signal or message lines): the figure bounds what a WebAssembly
 * scanner could gain, it is not one.
 */
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const wasmPath = process.argv[2];
const dir = resolve(root, process.argv[3] ?? 'bench-data/traces-short');
if (!wasmPath) {
  console.error('usage: compare.mjs SCAN.wasm [TRACE_DIR]');
  process.exit(2);
}
const out = mkdtempSync(join(tmpdir(), 'scan-js-'));
const { build } = await import('vite');
await build({ root, configFile: false, logLevel: 'warn', build: { ssr: join(root, 'src/ingest/strace/scan.ts'), outDir: out, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: 'scan.mjs' } } } });
const { LineScanner } = await import(pathToFileURL(join(out, 'scan.mjs')).href);

const bufs = readdirSync(dir).sort().map((f) => readFileSync(join(dir, f)));
const total = bufs.reduce((s, b) => s + b.length, 0);
const all = new Uint8Array(total + 16);
let o = 0;
for (const b of bufs) {
  all.set(b, o);
  o += b.length;
}
all[total] = 10;

const sc = new LineScanner();
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  let lines = 0;
  for (let pos = 0; pos < total; ) {
    const e = all.indexOf(10, pos);
    sc.scan(all, pos, e);
    lines++;
    pos = e + 1;
  }
  console.log(`JavaScript LineScanner.scan, pass ${r + 1}: ${(performance.now() - t0).toFixed(0)} ms (${lines} lines, ${(total / 1e6).toFixed(0)} MB)`);
}

const memory = new WebAssembly.Memory({ initial: Math.ceil((total + (1 << 20)) / 65536) });
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { env: { memory } });
const x = instance.exports;
x.init();
const base = x.__heap_base.value;
const mem = new Uint8Array(memory.buffer);
mem.set(all.subarray(0, total), base);
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  let lines = 0;
  // a call per MiB, cut at a line end (as a parser would feed its chunks)
  for (let pos = base, end = base + total; pos < end; ) {
    let cut = Math.min(end, pos + (1 << 20));
    while (cut < end && mem[cut - 1] !== 10) cut++;
    lines += x.scan_all(pos, cut - pos);
    pos = cut;
  }
  console.log(`WebAssembly scan_all, pass ${r + 1}: ${(performance.now() - t0).toFixed(0)} ms (${lines} lines)`);
}
