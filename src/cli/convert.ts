/** `strace-dfg convert`: traces → strace-dfg's native HDF5 event log. */
import { existsSync } from 'node:fs';
import { CliError, type CliIO } from './errors';
import { loadPaths } from './load';

export interface ConvertArgs {
  command: 'convert';
  paths: string[];
  out: string;
  casePerPid: boolean;
  force: boolean;
  jobs: number | null;
}

export async function runConvert(a: ConvertArgs, io: CliIO): Promise<number> {
  if (!a.force && existsSync(a.out)) throw new CliError(`${a.out} exists (use --force to overwrite)`);
  const t0 = performance.now();
  const { session, files } = await loadPaths(io, a.paths, { splitByPid: a.casePerPid, jobs: a.jobs });
  const log = session.log!;
  const { writeHdf5File } = await import('./hdf5');
  await writeHdf5File(log, a.out);
  const s = (performance.now() - t0) / 1000;
  io.stderr.write(`strace-dfg: wrote ${a.out}: ${log.cases.length} cases, ${log.n} events from ${files} files in ${s.toFixed(2)} s\n`);
  return 0;
}
