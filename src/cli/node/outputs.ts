/**
 * Checks before a command writes a file (convert -o, export -o): never over one of its own inputs (the same
 * file by device and inode, whatever the path says), and the temporaries of stopped earlier runs removed
 * (temps.ts).
 */
import { statSync } from 'node:fs';
import { CliError, type CliIO } from '../errors';
import { safe } from '../text';
import { removeStale } from './temps';

/** The same file: device and inode (a path through a link, `./x`, a hard link); false when either is missing. */
function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** Refuses an output (`-o FILE`, `--out DIR`, a file written into it) that is one of the input paths given or the files read
 * (convert and export leave a folder's output out of its reading instead). */
export function refuseInput(out: string, inputs: readonly string[], option = '-o'): void {
  for (const p of inputs) {
    if (sameFile(out, p)) throw new CliError(`${option} ${out} is one of the inputs (${p}): refusing to write over it; write the output elsewhere`);
  }
}

/** Removes the temporaries of `out` that stopped runs left, and says so on stderr. */
export function staleNote(io: CliIO, out: string): void {
  const gone = removeStale(out);
  if (gone.length) io.stderr.write(`strace-dfg: removed ${gone.length} temporary file(s) of earlier runs of this output that were stopped: ${gone.map(safe).join(', ')}\n`);
}
