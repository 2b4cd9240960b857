/**
 * Reference values from programs that are not ours (SciPy, numpy, h5py, Python's XML parser), committed as
 * data so that `npm test` needs only Node (docs/ARCHITECTURE.md "Tests": how to add a reference value).
 *
 *     const refs = referenceValues(import.meta.url);          // once per test file
 *     const p95 = refs.get<number[]>('p95 of the fixture', 'tools/refdata/numpy_percentile.py', { stdin: { q: 95, lists } });
 *
 * The answers live in `__fixtures__/refs/<test file>.json` beside the test, each with the SHA-256 of what it
 * was computed from (the program's source and that of the modules beside it that it imports, its JSON stdin,
 * its arguments and the bytes of its input files).
 * Under `npm test` `get` returns the committed answer, and fails with one line when there is none or when
 * the input changed. `npm run refdata` (tools/refdata.mjs) runs the programs and rewrites the files;
 * `npm run refdata:check` (CI) runs them into a scratch folder and fails on any difference (drift).
 *
 * A program reads JSON on stdin (when `stdin` is given), its input files as arguments, and prints JSON.
 * `.py` programs run with /usr/bin/python3 (Debian's, with the packages named on the program's
 * `# Debian packages:` line); others are run as they are.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PYTHON = '/usr/bin/python3';
/** `make`: run the programs and write the answers (into STRACE_DFG_REFDATA_OUT when set, else in place). */
const MODE = process.env.STRACE_DFG_REFDATA === 'make' ? 'make' : 'read';
const OUT = process.env.STRACE_DFG_REFDATA_OUT;

/** A file the program reads: a committed one (its bytes are the key), or one the test made whose bytes
 * vary from run to run (an HDF5 file records its creation time), named by what it was made from. */
export type RefFile = string | { path: string; madeFrom: unknown };

export interface RefInput {
  /** JSON written to the program's stdin. */
  stdin?: unknown;
  /** Arguments before the files. */
  args?: string[];
  /** Files given to the program as its last arguments. */
  files?: RefFile[];
}

interface Entry {
  program: string;
  input_sha256: string;
  output: unknown;
}
interface Store {
  about: string;
  made_with: string;
  refs: Record<string, Entry>;
}

const ABOUT = 'Reference values made by `npm run refdata` (tools/refdata.mjs) from the programs named; do not edit.';

function need(program: string): string {
  const line = /^# Debian packages: (.+)$/m.exec(readFileSync(join(ROOT, program), 'utf8'));
  return `npm run refdata (needs ${program.endsWith('.py') ? PYTHON : program}${line ? `: apt-get install ${line[1]}` : ''})`;
}

/** The modules beside a .py program that it imports (`from NAME import …`, `import NAME`, NAME.py in its
 * folder, one level): their source is part of the key as the program's own is. */
function siblings(program: string): string[] {
  if (!program.endsWith('.py')) return [];
  const dir = dirname(join(ROOT, program));
  const names = new Set<string>();
  for (const m of readFileSync(join(ROOT, program), 'utf8').matchAll(/^(?:from\s+(\w+)\s+import\b|import\s+([\w\s,]+)$)/gm)) {
    for (const n of (m[1] ?? m[2]).split(',')) names.add(n.trim());
  }
  return [...names].sort().map((n) => join(dir, `${n}.py`)).filter((f) => existsSync(f));
}

function keyOf(program: string, input: RefInput): string {
  const h = createHash('sha256');
  h.update(readFileSync(join(ROOT, program)));
  for (const f of siblings(program)) h.update(`\0module\0${basename(f)}\0`).update(readFileSync(f));
  h.update(`\0stdin\0${JSON.stringify(input.stdin ?? null)}\0args\0${JSON.stringify(input.args ?? [])}`);
  for (const f of input.files ?? []) {
    if (typeof f === 'string') h.update('\0file\0').update(readFileSync(f));
    else h.update(`\0made\0${JSON.stringify(f.madeFrom)}`);
  }
  return h.digest('hex');
}

function run(program: string, input: RefInput): unknown {
  const files = (input.files ?? []).map((f) => (typeof f === 'string' ? f : f.path));
  const argv = [...(input.args ?? []), ...files];
  const [cmd, args] = program.endsWith('.py') ? [PYTHON, [join(ROOT, program), ...argv]] : [join(ROOT, program), argv];
  const r = spawnSync(cmd, args, {
    input: input.stdin === undefined ? '' : JSON.stringify(input.stdin),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.error) throw new Error(`cannot run ${cmd}: ${r.error.message} — ${need(program)}`);
  if (r.status !== 0) throw new Error(`${program} failed (exit ${r.status}): ${r.stderr.trim()} — ${need(program)}`);
  return JSON.parse(r.stdout);
}

let madeWith: string | null = null;
function toolVersions(): string {
  if (madeWith !== null) return madeWith;
  const py = 'import sys\nout = ["Python " + sys.version.split()[0]]\nfor m in ("numpy", "scipy", "h5py"):\n    try:\n        out.append(m + " " + __import__(m).__version__)\n    except ImportError:\n        pass\nprint("; ".join(out))';
  const r = spawnSync(PYTHON, ['-c', py], { encoding: 'utf8' });
  madeWith = r.status === 0 ? r.stdout.trim() : '';
  return madeWith;
}

/** One entry a line (names sorted), so that a regenerated file diffs by entry. */
function storeText(s: Store): string {
  const refs = Object.keys(s.refs).sort().map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(s.refs[k])}`);
  return `{\n "about": ${JSON.stringify(s.about)},\n "made_with": ${JSON.stringify(s.made_with)},\n "refs": {\n${refs.join(',\n')}\n }\n}\n`;
}

export interface ReferenceValues {
  /** The committed answer of `program` to `input` (computed afresh under `npm run refdata`). */
  get<T>(name: string, program: string, input?: RefInput): T;
  /** Where the answers are kept (repository-relative). */
  readonly file: string;
}

/** The reference values of one test file: `referenceValues(import.meta.url)`. `read`: the committed ones
 * even under `npm run refdata` (for refdata.test.ts). */
export function referenceValues(testUrl: string, opts?: { read: boolean }): ReferenceValues {
  const mode = opts?.read ? 'read' : MODE;
  const test = fileURLToPath(testUrl);
  const path = join(dirname(test), '__fixtures__', 'refs', `${basename(test).replace(/\.test\.tsx?$/, '')}.json`);
  const file = relative(ROOT, path);
  let committed: Store | null = null;
  const made: Store = { about: ABOUT, made_with: '', refs: {} };
  return {
    file,
    get<T>(name: string, program: string, input: RefInput = {}): T {
      const key = keyOf(program, input);
      if (mode === 'make') {
        const had = made.refs[name];
        if (had && had.input_sha256 !== key) throw new Error(`reference value "${name}" is asked for twice with different input: give each its own name`);
        const output = had ? had.output : run(program, input);
        made.refs[name] = { program, input_sha256: key, output };
        made.made_with = toolVersions();
        const out = OUT ? join(OUT, file) : path;
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, storeText(made));
        return output as T;
      }
      committed ??= existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Store) : { about: ABOUT, made_with: '', refs: {} };
      const e = committed.refs[name];
      if (!e) throw new Error(`no reference value "${name}" in ${file}: run ${need(program)}`);
      if (e.program !== program || e.input_sha256 !== key) {
        throw new Error(`reference value "${name}" in ${file} was made from other input (the test's input or ${program} changed): run ${need(program)}`);
      }
      return e.output as T;
    },
  };
}
