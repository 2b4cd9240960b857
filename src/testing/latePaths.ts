/**
 * An mdtest-like strace trace (`strace -f -tt -T -y`) whose distinct paths start late: first `headBytes`
 * of a process reading and writing the same few files (the libraries, a config file, the terminal), then
 * mdtest's three phases over `paths` files: create (openat O_CREAT + close), stat, unlink. A sample of the
 * head sees only a handful of paths; the file holds `paths` + a few. Written in a few seconds for 300k paths
 * (about 100 bytes per line, 4 lines per path).
 *
 * From the command line (a trace for measurements), once transpiled (Node 22.6+: --experimental-strip-types):
 *   node -e "const ts=require('typescript'),fs=require('fs');fs.writeFileSync('/tmp/latePaths.mjs',
 *     ts.transpileModule(fs.readFileSync('src/testing/latePaths.ts','utf8'),{compilerOptions:{module:99,target:9}}).outputText)"
 *   node /tmp/latePaths.mjs OUT.st [PATHS=300000] [HEAD_MB=3]       # 300k paths after 3 MB: 200 MB
 */
import { closeSync, openSync, writeSync } from 'node:fs';

export interface LatePathsOptions {
  /** Distinct files created, stat'ed and unlinked after the head. */
  paths: number;
  /** Bytes of repeated paths before the first distinct one. */
  headBytes: number;
  /** The mdtest directory the files are in. */
  dir?: string;
  pid?: number;
}

/** Writes the trace to `file`; returns its size in bytes. */
export function writeLatePathsTrace(file: string, o: LatePathsOptions): number {
  const pid = o.pid ?? 4242;
  const dir = o.dir ?? '/lustre/scratch/mdtest/#test-dir.0-0/mdtest_tree.0';
  const fd = openSync(file, 'w');
  let t = 36_000; // seconds since midnight (10:00:00)
  let size = 0;
  let buf: string[] = [];
  let bufLen = 0;
  const line = (call: string, dur: number): void => {
    t += dur + 0.000_002;
    const h = Math.floor(t / 3600);
    const m = Math.floor((t % 3600) / 60);
    const s = t % 60;
    const us = Math.floor((s % 1) * 1e6);
    const ts = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(Math.floor(s)).padStart(2, '0')}.${String(us).padStart(6, '0')}`;
    const l = `${pid} ${ts} ${call} <${dur.toFixed(6)}>\n`;
    buf.push(l);
    bufLen += l.length;
    if (bufLen > 1 << 20) flush();
  };
  const flush = (): void => {
    const b = Buffer.from(buf.join(''));
    writeSync(fd, b);
    size += b.length;
    buf = [];
    bufLen = 0;
  };
  const head = [
    `read(3</usr/lib/x86_64-linux-gnu/libc.so.6>, "\\177ELF\\2\\1\\1\\3\\0\\0\\0\\0\\0\\0\\0\\0\\3\\0>\\0\\1\\0\\0\\0"..., 832) = 832`,
    `read(4</etc/mdtest.conf>, "iterations=1\\nitems=300000\\n"..., 4096) = 27`,
    `lseek(4</etc/mdtest.conf>, 0, SEEK_SET) = 0`,
    `write(1</dev/pts/0>, "mdtest: waiting for the barrier\\n", 32) = 32`,
    `fstat(5</lustre/scratch/mdtest/#test-dir.0-0>, {st_mode=S_IFDIR|0755, st_size=4096, ...}) = 0`,
  ];
  try {
    for (let i = 0; size + bufLen < o.headBytes; i++) line(head[i % head.length], 0.000_003);
    const name = (i: number) => `${dir}/file.mdtest.0.${i}`;
    for (let i = 0; i < o.paths; i++) {
      const p = name(i);
      line(`openat(AT_FDCWD</work>, "${p}", O_WRONLY|O_CREAT|O_CLOEXEC, 0664) = 6<${p}>`, 0.000_021);
      line(`close(6<${p}>) = 0`, 0.000_004);
    }
    for (let i = 0; i < o.paths; i++) line(`newfstatat(AT_FDCWD</work>, "${name(i)}", {st_mode=S_IFREG|0664, st_size=0, ...}, 0) = 0`, 0.000_006);
    for (let i = 0; i < o.paths; i++) line(`unlink("${name(i)}") = 0`, 0.000_012);
    line(`write(1</dev/pts/0>, "mdtest: done\\n", 13) = 13`, 0.000_003);
    flush();
  } finally {
    closeSync(fd);
  }
  return size;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, n, mb] = process.argv.slice(2);
  if (!out) throw new Error('usage: latePaths.ts OUT.st [PATHS] [HEAD_MB]');
  const bytes = writeLatePathsTrace(out, { paths: Number(n ?? 300_000), headBytes: Number(mb ?? 3) * 1e6 });
  process.stdout.write(`${out}: ${bytes} bytes\n`);
}
