/**
 * Test helper (Node only): the strace -k fixtures of src/analysis/layers/__fixtures__ (README there): every
 * trace file (gzip'd ones decompressed), by name, and each program's own account of what it did.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseStraceBytes } from '../ingest/strace';
import type { EventLog } from '../model';

const ROOT = new URL('../analysis/layers/__fixtures__/', import.meta.url).pathname;

export interface StackFixture {
  /** Path under the fixtures folder, without .gz (`c/c_all.st`, `mpi-ompio/ompio_vm_0.st`). */
  name: string;
  bytes: Uint8Array;
}

/** The trace files of one fixture folder (`c`, `c/ff`, `cxx`, `h5py`, `mpi-ompio`, `mpi-romio`), or of all. */
export function stackFixtures(folder?: string): StackFixture[] {
  const out: StackFixture[] = [];
  const walk = (rel: string): void => {
    for (const f of readdirSync(join(ROOT, rel)).sort()) {
      const r = rel ? `${rel}/${f}` : f;
      if (statSync(join(ROOT, r)).isDirectory()) {
        if (f !== 'src' && folder === undefined) walk(r);
      } else if (/\.st(\.\d+)?(\.gz)?$/.test(f)) {
        const raw = readFileSync(join(ROOT, r));
        const b = f.endsWith('.gz') ? gunzipSync(raw) : raw;
        out.push({ name: r.replace(/\.gz$/, ''), bytes: new Uint8Array(b.buffer, b.byteOffset, b.byteLength) });
      }
    }
  };
  walk(folder ?? '');
  return out;
}

/** The fixtures named (`c/c_all.st`, …), each parsed by the strace importer, in the order named. */
export function parsedStackFixtures(names: readonly string[]): EventLog[] {
  const all = stackFixtures();
  return names.map((n) => {
    const f = all.find((x) => x.name === n);
    if (!f) throw new Error(`no strace -k fixture ${n}`);
    return parseStraceBytes(n, f.bytes);
  });
}

/** The lines a fixture program printed (`<file>_prog.txt`), split in words. */
export function programTruth(file: string): string[][] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.trim().split(/\s+/));
}

/** The absolute path of the fixtures folder (for loads through the CLI or the Session). */
export const STACK_FIXTURES = ROOT;
