#!/usr/bin/env node
/**
 * Seeded generator of IOR-like strace traces (`strace -f -tt -T -y` lines), one file per MPI rank named
 * `{cid}_{host}_{rid}.st`, for benchmarks. Deterministic for a seed: same options → same bytes.
 *
 *   node tools/gen-traces.mjs [--files 96] [--mb 200] [--seed 1] [--out bench-data/traces]
 *
 * Half the ranks run cid `ioreasy` (file per process, 1 MiB transfers), half `iorhard` (one shared
 * file, 47008-byte transfers with an lseek before each). Each rank file holds: libc/MPI library loading
 * (openat/read/close on /usr/lib…), MPI start-up traffic on pipe / socket / eventfd fds from helper
 * threads, `<unfinished ...>` / `<... resumed>` pairs interleaved across pids, failing calls with errno
 * (ENOENT, EAGAIN), an ERESTARTSYS interrupted read with its signal, a forked child whose exit raises
 * SIGCHLD, the write phase (openat, write/lseek, fsync, close), a stat and the read phase, then the exits.
 */
import { closeSync, mkdirSync, openSync, readdirSync, unlinkSync, writeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** mulberry32, the same generator as src/lib/prng.ts: copied because this plain .mjs tool runs under node without a TypeScript loader and cannot import it. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LIBS = [
  'libmpi.so.40.30.5', 'libopen-pal.so.40.30.3', 'libopen-rte.so.40.30.3', 'libhwloc.so.15.6.4', 'libevent_core-2.1.so.7.0.1',
  'libevent_pthreads-2.1.so.7.0.1', 'libz.so.1.2.13', 'libm.so.6', 'libc.so.6', 'libpmix.so.2.9.3', 'libudev.so.1.7.5', 'libgcc_s.so.1',
];
const PREVIEWS = [
  '"\\20\\0\\0\\0\\0\\0\\0\\0\\10\\0\\0\\0\\0\\0\\0\\0\\30\\0\\0\\0\\0\\0\\0\\0 \\0\\0\\0\\0\\0\\0\\0"...',
  '"\\1\\0\\0\\0\\0\\0\\0\\0\\2\\0\\0\\0\\0\\0\\0\\0\\3\\0\\0\\0\\0\\0\\0\\0\\4\\0\\0\\0\\0\\0\\0\\0"...',
  '"IOR0 rank 0042 seg 0001 blk 0000 xfer 00"...',
  '"\\377\\377\\0\\0\\251\\3\\0\\0\\377\\377\\0\\0\\252\\3\\0\\0\\377\\377\\0\\0\\253\\3\\0\\0\\377\\377\\0\\0\\254\\3\\0\\0"...',
];
const SHORT_PREVIEWS = ['"IOR0r042"...', '"\\1\\0\\0\\0"...', '"\\377\\377"...'];
const ELF = '"\\177ELF\\2\\1\\1\\3\\0\\0\\0\\0\\0\\0\\0\\0\\3\\0>\\0\\1\\0\\0\\0\\20t\\2\\0\\0\\0\\0\\0"...';

const pad = (n, w) => String(n).padStart(w, '0');

/** Bumped whenever the output for a given seed changes (npm run bench then regenerates its data). */
export const GEN_VERSION = 2;

/** One rank's trace, written through a buffered fd. */
class RankWriter {
  constructor(fd, r, t0us) {
    this.fd = fd;
    this.r = r;
    this.t = t0us; // microseconds since midnight
    this.parts = [];
    this.len = 0;
    this.bytes = 0;
    this.lines = 0;
  }
  ts() {
    const us = this.t % 1e6;
    let s = Math.floor(this.t / 1e6);
    const h = Math.floor(s / 3600) % 24;
    const m = Math.floor(s / 60) % 60;
    s %= 60;
    return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(us, 6)}`;
  }
  /** Advances the clock by a random gap (µs) and writes `pid ts body`. */
  line(pid, body, gapUs = 2 + Math.floor(this.r() * 20)) {
    this.t += gapUs;
    const s = `${String(pid).padEnd(5)} ${this.ts()} ${body}\n`;
    this.parts.push(s);
    this.len += s.length;
    this.lines++;
    if (this.len > 1 << 22) this.flush();
  }
  /** A complete call taking `durUs`. */
  call(pid, body, ret, durUs) {
    this.line(pid, `${body} = ${ret} <${(durUs / 1e6).toFixed(6)}>`);
    this.t += durUs;
  }
  flush() {
    if (!this.parts.length) return;
    const buf = Buffer.from(this.parts.join(''), 'latin1');
    writeSync(this.fd, buf);
    this.bytes += buf.length;
    this.parts = [];
    this.len = 0;
  }
}

const dur = (r, base, spread) => Math.max(1, Math.round(base + r() * spread));

function libLoading(w, pid) {
  const r = w.r;
  w.call(pid, 'openat(AT_FDCWD</home/sankaran1/io500>, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC)', '3</etc/ld.so.cache>', dur(r, 8, 10));
  w.call(pid, 'close(3</etc/ld.so.cache>)', '0', dur(r, 2, 3));
  for (const lib of LIBS) {
    const p = `/usr/lib/x86_64-linux-gnu/${lib}`;
    if (r() < 0.15) {
      // glibc probes the hwcaps folders first: a failing open with its errno
      w.call(pid, `openat(AT_FDCWD</home/sankaran1/io500>, "/usr/lib/x86_64-linux-gnu/glibc-hwcaps/x86-64-v3/${lib}", O_RDONLY|O_CLOEXEC)`, '-1 ENOENT (No such file or directory)', dur(r, 4, 6));
    }
    w.call(pid, `openat(AT_FDCWD</home/sankaran1/io500>, "${p}", O_RDONLY|O_CLOEXEC)`, `3<${p}>`, dur(r, 6, 12));
    w.call(pid, `read(3<${p}>, ${ELF}, 832)`, '832', dur(r, 3, 8));
    w.call(pid, `close(3<${p}>)`, '0', dur(r, 2, 3));
  }
}

/** MPI start-up: helper threads on eventfd/pipe/socket, interleaved unfinished/resumed, EAGAIN, a child. */
function mpiInit(w, pid, rank, seedish) {
  const r = w.r;
  const t1 = pid + 1;
  const t2 = pid + 2;
  const child = pid + 3;
  const pipe = 880000 + seedish * 7 + rank;
  const sock = 990000 + seedish * 11 + rank;
  w.line(t1, 'read(13<anon_inode:[eventfd]>,  <unfinished ...>');
  w.call(pid, `write(7<pipe:[${pipe}]>, "\\1", 1)`, '1', dur(r, 3, 5));
  w.line(t2, `read(8<pipe:[${pipe}]>,  <unfinished ...>`);
  w.call(pid, `read(15<socket:[${sock}]>, 0x7ffd3a1c2e40, 4096)`, '-1 EAGAIN (Resource temporarily unavailable)', dur(r, 2, 3));
  w.line(t2, `<... read resumed>"\\1", 4096) = 1 <${(dur(r, 20, 40) / 1e6).toFixed(6)}>`);
  w.call(pid, `write(15<socket:[${sock}]>, "\\0\\0\\0\\0\\2\\0\\0\\0\\30\\0\\0\\0\\0\\0\\0\\0"..., 64)`, '64', dur(r, 5, 10));
  w.call(pid, `read(15<socket:[${sock}]>, "\\0\\0\\0\\0\\3\\0\\0\\0H\\0\\0\\0\\0\\0\\0\\0"..., 4096)`, '72', dur(r, 5, 30));
  w.line(t1, '<... read resumed>"\\1\\0\\0\\0\\0\\0\\0\\0", 8) = 8 <0.000412>');
  // a forked helper (like `hostname`): reads a file, writes to the pipe, exits → SIGCHLD in the parent
  w.call(child, `read(3</etc/hostname>, "jrc0412\\n", 4096)`, '8', dur(r, 4, 6));
  w.call(child, `write(1<pipe:[${pipe + 1}]>, "jrc0412\\n", 8)`, '8', dur(r, 3, 4));
  w.line(child, '+++ exited with 0 +++');
  w.line(pid, `--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=${child}, si_uid=1000, si_status=0, si_utime=0, si_stime=0} ---`);
  w.call(pid, `read(9<pipe:[${pipe + 1}]>, "jrc0412\\n", 4096)`, '8', dur(r, 3, 4));
  // an interrupted read: ERESTARTSYS, the signal, then the restarted call
  w.line(t2, `read(8<pipe:[${pipe}]>,  <unfinished ...>`);
  w.call(pid, 'openat(AT_FDCWD</home/sankaran1/io500>, "/home/sankaran1/.ior_hints", O_RDONLY)', '-1 ENOENT (No such file or directory)', dur(r, 5, 8));
  w.line(t2, '<... read resumed>0x7f3c5d7fd9c0, 4096) = ? ERESTARTSYS (To be restarted if SA_RESTART is set) <0.001234>');
  w.line(t2, `--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_TKILL, si_pid=${pid}, si_uid=1000} ---`);
  w.call(t2, `read(8<pipe:[${pipe}]>, "\\2", 4096)`, '1', dur(r, 5, 8));
}

/** The I/O phases until the byte budget is used. */
function ioPhases(w, pid, rank, cfg, budget, short) {
  const r = w.r;
  const t1 = pid + 1;
  // The short-line profile: the paths and data previews of an IOR run with `-s 8` in a short folder, so that
  // lines average 120–140 bytes as in real IOR and build traces (the long profile averages ~208 bytes).
  const base = short ? `/p/scratch/cjsc/sankaran1/ior/${cfg.cid}` : `/scratch/cjsc/sankaran1/io500/2024.07.15-10.00.00/${cfg.cid}`;
  const name = short ? 'ior_file' : `ior_file_${cfg.cid}`;
  const file = cfg.shared ? `${base}/${name}` : `${base}/${name}.${pad(rank, short ? 4 : 8)}`;
  const preview = short ? SHORT_PREVIEWS[rank % SHORT_PREVIEWS.length] : PREVIEWS[rank % PREVIEWS.length];
  const xfer = cfg.xfer;
  w.call(pid, `newfstatat(AT_FDCWD</home/sankaran1/io500>, "${base}", {st_mode=S_IFDIR|0755, st_size=4096, ...}, 0)`, '0', dur(r, 8, 20));
  for (const phase of ['write', 'read']) {
    const flags = phase === 'write' ? 'O_WRONLY|O_CREAT' : 'O_RDONLY';
    const phaseEnd = phase === 'write' ? budget * 0.55 : budget;
    w.call(pid, `openat(AT_FDCWD</home/sankaran1/io500>, "${file}", ${flags}, 0664)`, `5<${file}>`, dur(r, 40, 400));
    let k = 0;
    while (w.bytes + w.len < phaseEnd) {
      const off = cfg.shared ? (k * cfg.ranks + rank) * xfer : k * xfer;
      if (cfg.shared || k % 64 === 0) w.call(pid, `lseek(5<${file}>, ${off}, SEEK_SET)`, String(off), dur(r, 1, 3));
      const d = dur(r, cfg.baseUs, cfg.baseUs * 3);
      if (k % 50 === 7) {
        // the main thread's call interrupted in the trace by the progress thread's line
        const isW = phase === 'write';
        w.line(pid, isW ? `write(5<${file}>, ${preview}, ${xfer} <unfinished ...>` : `read(5<${file}>,  <unfinished ...>`);
        w.call(t1, 'read(13<anon_inode:[eventfd]>, "\\1\\0\\0\\0\\0\\0\\0\\0", 8)', '8', dur(r, 2, 4));
        w.t += d;
        w.line(pid, `<... ${phase} resumed>${isW ? '' : `${preview}, ${xfer}`}) = ${xfer} <${(d / 1e6).toFixed(6)}>`, 1);
      } else {
        w.call(pid, `${phase}(5<${file}>, ${preview}, ${xfer})`, String(xfer), d);
      }
      if (k % 400 === 399) w.call(pid, `fsync(5<${file}>)`, '0', dur(r, 500, 3000));
      k++;
    }
    if (phase === 'write') w.call(pid, `fsync(5<${file}>)`, '0', dur(r, 800, 5000));
    w.call(pid, `close(5<${file}>)`, '0', dur(r, 10, 60));
    w.call(pid, `newfstatat(AT_FDCWD</home/sankaran1/io500>, "${file}", {st_mode=S_IFREG|0664, st_size=${k * xfer}, ...}, 0)`, '0', dur(r, 8, 20));
    // plain stat (no fd: no -y annotation, so no fp), once found and once not
    w.call(pid, `stat("${file}", {st_mode=S_IFREG|0664, st_size=${k * xfer}, ...})`, '0', dur(r, 6, 12));
    w.call(pid, `stat("${base}/ior_file_${cfg.cid}.stonewall", 0x7ffd3a1c2d90)`, '-1 ENOENT (No such file or directory)', dur(r, 5, 8));
  }
  w.call(pid, `write(1</dev/pts/3>, "Finished            : Mon Jul 15 1"..., 45)`, '45', dur(r, 5, 10));
}

function rankFile(dir, i, opts) {
  const half = Math.ceil(opts.files / 2);
  const easy = i < half;
  const rank = easy ? i : i - half;
  const ranks = easy ? half : opts.files - half;
  const cfg = easy
    ? { cid: 'ioreasy', shared: false, xfer: 1048576, baseUs: 600, ranks }
    : { cid: 'iorhard', shared: true, xfer: 47008, baseUs: 90, ranks };
  const r = rng((opts.seed * 1000003 + i * 7919) >>> 0);
  const host = `jrc${pad(410 + Math.floor(rank / 8), 4)}`;
  const pid = 20000 + Math.floor(r() * 40000);
  const name = `${cfg.cid}_${host}_${pid}.st`;
  const fd = openSync(join(dir, name), 'w');
  const t0 = (10 * 3600 + Math.floor(r() * 60)) * 1e6 + Math.floor(r() * 1e6);
  const w = new RankWriter(fd, r, t0);
  const budget = (opts.mb * 1024 * 1024) / opts.files;
  try {
    libLoading(w, pid);
    mpiInit(w, pid, rank, opts.seed % 1000);
    ioPhases(w, pid, rank, cfg, budget, opts.lines === 'short');
    w.line(pid + 2, '+++ exited with 0 +++');
    w.line(pid + 1, '+++ exited with 0 +++');
    w.line(pid, rank === ranks - 1 && !easy ? '+++ killed by SIGTERM +++' : '+++ exited with 0 +++');
    w.flush();
  } finally {
    closeSync(fd);
  }
  return { name, bytes: w.bytes, lines: w.lines };
}

/** Writes the trace set; returns the files written and the totals. Removes older `*.st` in `out`. */
export function generate({ files = 96, mb = 200, seed = 1, out = 'bench-data/traces', lines = 'long' } = {}) {
  if (lines !== 'long' && lines !== 'short') throw new Error("--lines must be 'long' or 'short'");
  if (!(Number.isInteger(files) && files >= 1) || !(mb > 0)) throw new Error('--files must be an integer ≥ 1 and --mb > 0');
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (f.endsWith('.st')) unlinkSync(join(out, f));
  const written = [];
  for (let i = 0; i < files; i++) written.push(rankFile(out, i, { files, mb, seed, lines }));
  const totals = { version: GEN_VERSION, files, mb, seed, profile: lines, bytes: written.reduce((s, f) => s + f.bytes, 0), lines: written.reduce((s, f) => s + f.lines, 0) };
  writeFileSync(join(out, '.gen-traces.json'), JSON.stringify(totals) + '\n');
  return { ...totals, written };
}

function cli(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--help' || a === '-h') {
      console.log('usage: node tools/gen-traces.mjs [--files 96] [--mb 200] [--seed 1] [--lines long|short] [--out bench-data/traces]');
      return 0;
    }
    if (!['--files', '--mb', '--seed', '--out', '--lines'].includes(a) || v === undefined) {
      console.error(`gen-traces: unknown option or missing value: ${a}`);
      return 2;
    }
    opts[a.slice(2)] = a === '--out' || a === '--lines' ? v : Number(v);
    i++;
  }
  if (!(opts.files ?? 1) || !Number.isInteger(opts.files ?? 1) || opts.files < 1 || !((opts.mb ?? 1) > 0) || !Number.isInteger(opts.seed ?? 1)) {
    console.error('gen-traces: --files must be an integer ≥ 1, --mb a number > 0, --seed an integer');
    return 2;
  }
  const t0 = performance.now();
  const res = generate(opts);
  const s = (performance.now() - t0) / 1000;
  console.log(`gen-traces: ${res.files} files, ${(res.bytes / 2 ** 20).toFixed(1)} MiB, ${res.lines} lines in ${opts.out ?? 'bench-data/traces'} (${s.toFixed(1)} s, seed ${res.seed})`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = cli(process.argv.slice(2));
