#!/usr/bin/env node
/**
 * Quick single-thread timing of the strace importer (src/ingest/strace) in Node — the importer's own
 * check; the official benchmark is `npm run bench`.
 *
 *   node tools/bench-strace-parse.mjs [--mb 200] [--chunk-mib 16] [--file TRACE_OR_DIR] [--stacks]
 *
 * Without --file it builds an in-memory trace of realistic `strace -f -tt -T -y` lines: the real lines
 * of src/ingest/strace/__fixtures__/multiproc_f_tt_T_y.st (re-timed, cycled over 8 pids, with
 * unfinished/resumed pairs as in the fixture) repeated up to --mb MB. Prints MB/s and events/s (best of 3).
 * --stacks: the same from the real `strace -f -tt -T -y -k` lines of the layers fixtures (an MPI rank under
 * OMPIO, the C program, h5py with Python's imports: src/analysis/layers/__fixtures__), frames and all.
 */
import { readFileSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const argv = process.argv.slice(2);
const opt = (n, d) => (argv.indexOf(`--${n}`) >= 0 ? argv[argv.indexOf(`--${n}`) + 1] : d);
const mb = Number(opt('mb', '200'));
const chunk = Number(opt('chunk-mib', '16')) * 2 ** 20;
const file = opt('file', '');
const stacks = argv.includes('--stacks');

const out = mkdtempSync(join(tmpdir(), 'bench-strace-'));
const { build } = await import('vite');
await build({
  root, configFile: false, logLevel: 'warn',
  build: { ssr: join(root, 'src/ingest/strace/index.ts'), outDir: out, emptyOutDir: true, minify: false,
    rollupOptions: { output: { entryFileNames: 'strace.mjs' } } },
});
const { parseStraceBytes, StraceParser } = await import(pathToFileURL(join(out, "strace.mjs")).href);

/** The lines of the synthetic trace's source: [pid, rest after the time] of each call line, [null, frame line] of a frame. */
function sourceLines() {
  if (!stacks) {
    return readFileSync(join(root, 'src/ingest/strace/__fixtures__/multiproc_f_tt_T_y.st'), 'latin1')
      .split('\n').filter((l) => /^\d+ +\d\d:\d\d:\d\d\.\d+ /.test(l)).map((l) => /^(\d+) +\S+ (.*)$/.exec(l));
  }
  const fx = join(root, 'src/analysis/layers/__fixtures__');
  const text = ['mpi-ompio/ompio_vm_0.st.gz', 'c/c_all.st', 'h5py/h5py_imports.st.gz'].map((f) => {
    const b = readFileSync(join(fx, f));
    return (f.endsWith('.gz') ? gunzipSync(b) : b).toString('latin1');
  }).join('\n');
  return text.split('\n').filter((l) => /^(\d+ +\d\d:\d\d:\d\d\.\d+ | > )/.test(l)).map((l) => (l.startsWith(' > ') ? [null, null, l] : /^(\d+) +\S+ (.*)$/.exec(l)));
}

function synth() {
  const src = sourceLines();
  const out = Buffer.alloc(Math.ceil(mb * 1e6) + 4096);
  let bytes = 0;
  let t = 8 * 3600;
  for (let rep = 0; bytes < mb * 1e6; rep++) {
    for (const m of src) {
      if (m[1] === null) {
        const line = `${m[2]}\n`;
        if (bytes + line.length > out.length) break;
        bytes += out.write(line, bytes, 'latin1');
        continue;
      }
      t += 0.000013;
      const s = Math.floor(t);
      const ts = `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${String(Math.round((t - s) * 1e6) % 1e6).padStart(6, '0')}`;
      const line = `${Number(m[1]) + 100 * (rep % 8)} ${ts} ${m[2]}\n`;
      if (bytes + line.length > out.length) break;
      bytes += out.write(line, bytes, 'latin1');
    }
  }
  return out.subarray(0, bytes);
}

const inputs = !file ? [['b_node1_1.st', synth()]]
  : statSync(file).isDirectory() ? readdirSync(file).filter((f) => /\.st(\.\d+)?$/.test(f)).map((f) => [f, readFileSync(join(file, f))])
    : [[file, readFileSync(file)]];
const total = inputs.reduce((s, [, d]) => s + d.length, 0);
console.log(`input: ${inputs.length} file(s), ${(total / 1e6).toFixed(1)} MB${file ? ` (${file})` : ` synthetic -f -tt -T -y${stacks ? ' -k' : ''}`}, chunks of ${chunk / 2 ** 20} MiB`);
let best = Infinity;
let bestCpu = Infinity;
let events = 0;
const dropped = {};
for (let r = 0; r < 3; r++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  events = 0;
  for (const [name, data] of inputs) {
    const p = new StraceParser(name);
    for (let o = 0; o < data.length; o += chunk) p.push(data.subarray(o, Math.min(data.length, o + chunk)));
    const log = p.finish();
    events += log.n;
    if (r === 0) for (const [k, v] of Object.entries(log.files[0].dropped)) dropped[k] = (dropped[k] ?? 0) + v;
  }
  best = Math.min(best, performance.now() - t0);
  const c = process.cpuUsage(c0);
  bestCpu = Math.min(bestCpu, (c.user + c.system) / 1000);
}
const s = best / 1000;
console.log(`events: ${events}, dropped: ${JSON.stringify(dropped)}`);
console.log(`best of 3: ${best.toFixed(0)} ms wall → ${(total / 1e6 / s).toFixed(0)} MB/s, ${(events / s / 1e6).toFixed(2)} M events/s`);
console.log(`best of 3: ${bestCpu.toFixed(0)} ms CPU (the machine is shared) → ${(total / 1e3 / bestCpu).toFixed(0)} MB/s, ${(events / bestCpu / 1e3).toFixed(2)} M events/s`);
void parseStraceBytes;
