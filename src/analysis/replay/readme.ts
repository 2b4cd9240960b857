/**
 * `README.md` of a replay folder: what was recorded, what is replayed and what is not (I/O strace could not
 * see, events outside the view, unknown offsets replayed sequentially, the what-ifs), and how to run it.
 * Trace content (case ids, paths) is data: written inside code spans with backticks taken out.
 */
import { formatBytes, formatCount, formatDuration } from '../../lib/format';
import { oneLine } from './writers';
import type { ReplayPlan } from './types';

export interface ReadmeInfo {
  /** The traces the plan was made from. */
  sources: string[];
  /** The view text form (docs/FORMATS.md "The view text form"), '' = the default view. */
  view: string;
  /** The what-ifs, one line each. */
  whatIfs: string[];
  /** A time window or side that narrowed the cases, in words ('' = none). */
  scope: string;
}

/** A trace string as inline code: one line, no backticks. */
export const code = (s: string): string => '`' + oneLine(s).replace(/`/g, "'") + '`';

function caseRows(plan: ReplayPlan): string[] {
  const rows = ['| # | case | rank | reads | writes | bytes | syncs | metadata calls | wall | engine |', '|---|---|---|---:|---:|---:|---:|---:|---:|---|'];
  for (const c of plan.cases) {
    let r = 0;
    let w = 0;
    let b = 0;
    let s = 0;
    for (const l of c.io) {
      if (l.kind === 'read') r++;
      else if (l.kind === 'write') w++;
      else if (l.kind === 'sync' || l.kind === 'datasync') s++;
      if (l.kind === 'read' || l.kind === 'write') b += l.size;
    }
    rows.push(`| ${c.index} | ${code(c.id)} | ${code(c.rid || '–')} | ${formatCount(r)} | ${formatCount(w)} | ${formatBytes(b)} | ${s} | ${formatCount(c.meta.length)} | ${formatDuration(c.wall)} | ${c.io.length ? c.engine : '–'} |`);
  }
  return rows;
}

export function readmeText(plan: ReplayPlan, info: ReadmeInfo): string {
  const n = plan.cases.length;
  const out = [
    `# strace-dfg replay of ${n} case${n === 1 ? '' : 's'}`,
    '',
    `Made by \`strace-dfg replay\` from ${info.sources.length} trace file${info.sources.length === 1 ? '' : 's'}${info.sources.length ? ': ' + info.sources.slice(0, 8).map(code).join(', ') + (info.sources.length > 8 ? ', …' : '') : ''}.`,
    info.view ? `View: ${code(info.view)}.` : 'View: the default view.',
    ...(info.scope ? [`Cases and events: ${oneLine(info.scope)}.`] : []),
    '',
    '## What is replayed',
    '',
    "Only the program's own I/O: the files that are neither the loader's, system nor MPI runtime files (the same files the",
    "insights judge), and of those the events the view keeps. Per case:",
    '',
    '- its reads, writes and fsync/fdatasync, with the opens and closes of the files they use, by **fio** from',
    '  `iolog/caseK.iolog` (fio\'s `fio version 3 iolog`: microseconds since the case\'s start, name, action, offset, length),',
    '  at their recorded offsets and sizes, in their recorded order, one fio job per case (`job.fio`); engine `psync`',
    '  (pread/pwrite) when the program used pread/pwrite, else `sync` (lseek + read/write);',
    '- its metadata calls (stat, access, mkdir, rmdir, unlink, rename, directory listings, truncate, …, and the opens',
    '  and closes of files it does not read or write) by `replay_meta.py` from `meta/caseK.tsv`, before fio (the calls',
    '  before the case\'s first data call), beside fio (those made while data moved: their order relative to the data',
    '  calls is not kept) and after fio.',
    '',
    ...caseRows(plan),
    '',
    '## What is not replayed',
    '',
  ];
  const left = Object.entries(plan.left);
  if (left.length) for (const [why, k] of left) out.push(`- ${formatCount(k)} events: ${why}.`);
  else out.push('- Every event of the view is replayed.');
  out.push(
    '- Rename and link destinations, open flags and modes are not in the event log: a rename goes to `NAME.renamed`, a link',
    '  to `NAME.link`; an open that succeeded creates the file if it is missing, one that failed opens read-only.',
    '- Computation, communication and waits: only the time between calls is kept, with `--think`.',
  );
  const unseen = plan.cases.filter((c) => c.unseen);
  out.push('', '### I/O strace could not see', '');
  if (unseen.length) for (const c of unseen) out.push(`- case ${c.index} ${code(c.id)}: ${oneLine(c.unseen!)}.`);
  else out.push('None seen missing: every case read or wrote the files it opened through system calls strace traced.');
  const noted = plan.cases.filter((c) => c.notes.length);
  if (noted.length) {
    out.push('', '### Per case', '');
    for (const c of noted) for (const note of c.notes) out.push(`- case ${c.index} ${code(c.id)}: ${oneLine(note)}.`);
  }
  out.push('', '## What-ifs', '');
  if (info.whatIfs.length) out.push('This replay is **not** the recorded I/O: it is changed as follows (also in `job.fio`).', '', ...info.whatIfs.map((w) => `- ${w}`));
  else out.push('None: the recorded I/O as it was.');
  out.push(
    '',
    '## How to run',
    '',
    '```sh',
    'sh run.sh                       # every case at once on this machine, under ./root, as fast as possible',
    'sh run.sh --root /scratch/me/r  # the recorded paths under another root (/a/b is replayed as /scratch/me/r/a/b)',
    'sh run.sh --think               # keep the recorded time between calls',
    'srun -n ' + n + ' sh run.sh              # one case per rank (also mpirun: OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK)',
    'STRACE_DFG_TRACE=traces sh run.sh && strace-dfg replay --check . traces   # trace the replay and compare',
    '```',
    '',
    'It needs `fio` (3.31 or later: I/O log version 3), `python3` for the metadata calls, and `strace` to trace.',
    'run.sh first removes what an earlier replay made under the root, then makes the folders the run needs and the',
    'files it reads before writing them (with the size it reads of them, zeros; `--sparse`: sparse files). fio writes',
    'its results per case to `.run/caseK.fio.json`.',
    '',
    '## Files',
    '',
    '- `run.sh`: this replay; `job.fio`: the fio jobs; `iolog/`: the I/O logs; `meta/`: the metadata calls;',
    '  `replay_meta.py`: the metadata replayer; `cases.tsv`, `files.tsv`: the cases and files run.sh reads;',
    '  `replay.json`: the plan as `strace-dfg replay --check` reads it (docs/FORMATS.md "The replay folder").',
  );
  const mapped = plan.files.filter((f) => f.name.startsWith('.strace-dfg/'));
  if (mapped.length) out.push(`- ${mapped.length} path${mapped.length > 1 ? 's' : ''} that fio's I/O log cannot carry (white space, control characters, over 200 bytes) replayed as \`.strace-dfg/N\` under the root (\`replay.json\` maps them).`);
  return out.join('\n') + '\n';
}
