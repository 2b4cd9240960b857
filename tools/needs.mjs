#!/usr/bin/env node
/**
 * What the tests need beyond Node, found on the machine or installed (docs/ARCHITECTURE.md "Tests").
 *
 *   node tools/needs.mjs test        what `npm test` needs (TEST_NEEDS); `npm test` runs this first
 *   node tools/needs.mjs refdata     what `npm run refdata` / `refdata:check` need (REFDATA_NEEDS)
 *   node tools/needs.mjs NAME...     the tools named (keys of TOOLS)
 *
 * When something is missing and we are root with apt-get, the Debian packages are installed (one line
 * says so; apt's output goes to a log file). Otherwise ONE line says what to install and the exit code is 1.
 * Unit tests need only Node: reference values from SciPy, numpy, h5py and clang are committed data
 * (src/testing/refdata.ts). A test that records a real run live (strace, fio, gcc, MPI) names its tools
 * with requireTools() (src/testing/needs.ts), and they are added to TEST_NEEDS here.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether `name` is an executable on PATH (or an absolute path to one). */
export function onPath(name, path = process.env.PATH ?? '') {
  const dirs = name.includes('/') ? [''] : path.split(delimiter).filter(Boolean);
  return dirs.some((d) => {
    try {
      accessSync(d ? join(d, name) : name, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const PYTHON = '/usr/bin/python3';
const pyModule = (m) => () => onPath(PYTHON) && spawnSync(PYTHON, ['-c', `import ${m}`], { stdio: 'ignore' }).status === 0;
const CHROMIUMS = ['/usr/bin/chromium', 'chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** The Chromium the e2e tests and the browser bench drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * else the first of chromium, chromium-browser, google-chrome on PATH; null when there is none. */
export function chromiumPath(path = process.env.PATH ?? '') {
  if (process.env.CHROMIUM_PATH) return onPath(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  for (const c of CHROMIUMS) {
    if (c.includes('/')) {
      if (onPath(c)) return c;
      continue;
    }
    const dir = path.split(delimiter).find((d) => d && onPath(join(d, c)));
    if (dir) return join(dir, c);
  }
  return null;
}

/** Each tool: how to find it, and the Debian packages that provide it. */
export const TOOLS = {
  chromium: { what: 'Chromium (the e2e tests)', found: () => chromiumPath() !== null, apt: ['chromium'], or: 'or set CHROMIUM_PATH' },
  strace: { what: 'strace', found: () => onPath('strace'), apt: ['strace'] },
  fio: { what: 'fio', found: () => onPath('fio'), apt: ['fio'] },
  gcc: { what: 'gcc', found: () => onPath('gcc'), apt: ['gcc', 'libc6-dev'] },
  python3: { what: 'python3', found: () => onPath('python3'), apt: ['python3'] },
  mpi: { what: 'Open MPI (mpicc, mpirun)', found: () => onPath('mpicc') && onPath('mpirun'), apt: ['openmpi-bin', 'libopenmpi-dev'] },
  clang: { what: 'clang and wasm-ld (the WebAssembly line scan)', found: () => onPath('clang') && onPath('wasm-ld'), apt: ['clang', 'lld'] },
  numpy: { what: `numpy for ${PYTHON}`, found: pyModule('numpy'), apt: ['python3-numpy'] },
  scipy: { what: `SciPy for ${PYTHON}`, found: pyModule('scipy'), apt: ['python3-scipy'] },
  h5py: { what: `h5py for ${PYTHON}`, found: pyModule('h5py'), apt: ['python3-h5py'] },
};

/** What `npm test` needs beyond Node and the npm packages. */
export const TEST_NEEDS = ['chromium', 'strace', 'fio', 'gcc', 'python3'];
/** What making and checking the reference values needs. */
export const REFDATA_NEEDS = ['numpy', 'scipy', 'h5py', 'clang'];

/** The names of `names` that are not there. */
export function missing(names) {
  return names.filter((n) => {
    const t = TOOLS[n];
    if (!t) throw new Error(`tools/needs.mjs: unknown tool "${n}" (known: ${Object.keys(TOOLS).join(', ')})`);
    return !t.found();
  });
}

/** The one line that says what to install. */
export function installLine(who, names) {
  const pkgs = [...new Set(names.flatMap((n) => TOOLS[n].apt))];
  const ors = names.map((n) => TOOLS[n].or).filter(Boolean);
  return `${who} needs ${names.map((n) => TOOLS[n].what).join(', ')}: install with \`apt-get install ${pkgs.join(' ')}\`${ors.length ? ` (${ors.join('; ')})` : ''}`;
}

/** Finds `names`, installs what is missing when it may; returns null or the one line of what to install. */
export function ensure(who, names, log = console.log) {
  let lack = missing(names);
  if (lack.length === 0) return null;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && onPath('apt-get') && process.env.STRACE_DFG_NO_INSTALL !== '1') {
    const pkgs = [...new Set(lack.flatMap((n) => TOOLS[n].apt))];
    const file = join(mkdtempSync(join(tmpdir(), 'needs-')), 'apt.log');
    log(`${who}: installing ${pkgs.join(' ')} (apt-get, log in ${file})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args) => spawnSync('sh', ['-c', `apt-get ${args} >>"${file}" 2>&1`], { env, stdio: 'inherit' }).status === 0;
    // without package lists (a fresh machine) or with stale ones, install fails: update, then again
    if (!apt(`install -y -q ${pkgs.join(' ')}`) && apt('update -q')) apt(`install -y -q ${pkgs.join(' ')}`);
    lack = missing(lack);
    if (lack.length === 0) return null;
    return `${installLine(who, lack)} — apt-get could not (see ${file})`;
  }
  return installLine(who, lack);
}

const SETS = { test: ['npm test', TEST_NEEDS], refdata: ['npm run refdata', REFDATA_NEEDS] };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const [who, names] = args.length === 1 && SETS[args[0]] ? SETS[args[0]] : ['this', args];
  const line = ensure(who, names);
  if (line) {
    console.error(line);
    process.exit(1);
  }
}
