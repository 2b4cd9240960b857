/**
 * The closed loop of the replay tests, live on this machine: build io-ranks.c (src/analysis/replay/__fixtures__)
 * with gcc, run its ranks at once each under strace (as an MPI launcher starts them), and run a replay folder's
 * run.sh under STRACE_DFG_TRACE. Each program's own account (JSON on its stdout) is kept.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from './needs';

// gcc builds io-ranks.c, strace records it, run.sh runs fio and replay_meta.py (python3) under strace
requireTools('strace', 'fio', 'gcc', 'python3');

export const IO_RANKS_C = join(import.meta.dirname, '../analysis/replay/__fixtures__/io-ranks.c');

export interface Account {
  rank: number;
  files: Record<string, { write: [number, number]; read?: [number, number]; fsync?: number; fdatasync?: number }>;
  metadata?: Record<string, number>;
  block_kib?: number;
}

function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: opts.env ?? process.env, cwd: opts.cwd, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr.slice(-2000)}`);
  return r.stdout;
}

/** gcc -O2 of io-ranks.c into `dir`. */
export function buildIoRanks(dir: string): string {
  const bin = join(dir, 'io-ranks');
  run('gcc', ['-O2', '-Wall', '-Werror', '-o', bin, IO_RANKS_C]);
  return bin;
}

/** Runs `ranks` ranks of `bin` in `mode` at once, each under strace writing `traces/{cid}_node1_{rank}.st`; their accounts. */
export async function recordRanks(bin: string, data: string, traces: string, mode: string, ranks: number, cid: string, extra: string[] = []): Promise<Account[]> {
  mkdirSync(data, { recursive: true });
  mkdirSync(traces, { recursive: true });
  const one = (r: number): Promise<Account> =>
    new Promise((resolve, reject) => {
      const p = spawn('strace', ['-f', '-tt', '-T', '-y', '-o', join(traces, `${cid}_node1_${r}.st`), bin, String(r), data, mode, ...extra]);
      let out = '';
      let err = '';
      p.stdout.on('data', (b: Buffer) => (out += b.toString()));
      p.stderr.on('data', (b: Buffer) => (err += b.toString()));
      p.on('error', reject);
      p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as Account) : reject(new Error(`rank ${r} of ${bin} ${mode}: exit ${code}: ${err}`))));
    });
  return Promise.all(Array.from({ length: ranks }, (_, r) => one(r)));
}

/** `STRACE_DFG_TRACE=traces sh folder/run.sh [args]`: its stderr (run.sh's and replay_meta.py's lines). */
export function runReplay(folder: string, traces: string, args: string[] = []): string {
  const r = spawnSync('sh', [join(folder, 'run.sh'), ...args], { encoding: 'utf8', env: { ...process.env, STRACE_DFG_TRACE: traces } });
  if (r.status !== 0) throw new Error(`run.sh failed (${r.status ?? r.signal}): ${r.stderr.slice(-3000)}`);
  return r.stderr;
}

/** One data call of a trace, read from the text itself (not by the parser under test). */
export interface RawCall {
  call: string;
  path: string;
  offset: number;
  size: number;
}

/**
 * The pread64/pwrite64 lines of a folder's traces on paths under `root`, per trace file, from the raw text: what
 * fio's psync engine did (`pwrite64(7</root/f>, "…"..., 65536, 131072) = 65536`). Unfinished/resumed halves joined.
 */
export function rawPositioned(traces: string, root: string): Map<string, RawCall[]> {
  const out = new Map<string, RawCall[]>();
  const esc = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const whole = new RegExp(`^(\\d+) +[\\d:.]+ (pread64|pwrite64)\\(\\d+<(${esc}/[^>]*)>, .*, (\\d+), (\\d+)\\) += (\\d+)`);
  // a split call: its args before `<unfinished ...>` (pwrite64: all of them; pread64: the fd only, the buffer is output)
  const start = new RegExp(`^(\\d+) +[\\d:.]+ (pread64|pwrite64)\\(\\d+<(${esc}/[^>]*)>,(.*) <unfinished \\.\\.\\.>`);
  for (const f of readdirSync(traces).filter((n) => n.endsWith('.st'))) {
    const calls: RawCall[] = [];
    const pending = new Map<string, { call: string; path: string; args: string }>();
    for (const line of readFileSync(join(traces, f), 'latin1').split('\n')) {
      let m = whole.exec(line);
      if (m) {
        calls.push({ call: m[2], path: m[3], offset: Number(m[5]), size: Number(m[6]) });
        continue;
      }
      m = start.exec(line);
      if (m) {
        pending.set(m[1], { call: m[2], path: m[3], args: m[4] });
        continue;
      }
      const r = /^(\d+) +[\d:.]+ <\.\.\. (pread64|pwrite64) resumed>(.*)\) += (\d+)/.exec(line);
      const p = r ? pending.get(r[1]) : undefined;
      if (r && p) {
        pending.delete(r[1]);
        const tail = /, (\d+), (\d+)$/.exec(p.args + r[3]) ?? /, (\d+), (\d+)$/.exec(r[3]);
        if (tail) calls.push({ call: p.call, path: p.path, offset: Number(tail[2]), size: Number(r[4]) });
      }
    }
    out.set(f, calls);
  }
  return out;
}

/** Lines of the traces that make `call` on a path under `root` and succeed, counted per path (raw text). */
export function rawCalls(traces: string, root: string, call: string): Map<string, number> {
  const out = new Map<string, number>();
  const esc = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^\\d+ +[\\d:.]+ ${call}\\((?:AT_FDCWD<[^>]*>, )?"(${esc}/[^"]*)".*\\) += 0 <`);
  for (const f of readdirSync(traces).filter((n) => n.endsWith('.st'))) {
    for (const line of readFileSync(join(traces, f), 'latin1').split('\n')) {
      const m = re.exec(line);
      if (m) out.set(m[1], (out.get(m[1]) ?? 0) + 1);
    }
  }
  return out;
}
