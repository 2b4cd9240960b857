/**
 * The replay folder (docs/FORMATS.md "The replay folder"): every file `strace-dfg replay --out DIR` writes and
 * the app downloads as one archive, made from a plan by the pure writers.
 */
import { formatBytes } from '../../lib/format';
import { META_PROGRAM, RUN_SCRIPT } from './assets/index';
import { readmeText, type ReadmeInfo } from './readme';
import type { ReplayPlan, WhatIfs } from './types';
import { casesTable, filesTable, iologText, jobText, metaText, nameTable } from './writers';

export interface ReplayFile {
  /** Relative path in the folder. */
  path: string;
  text: string;
  /** run.sh and replay_meta.py. */
  executable?: boolean;
}

/** The manifest's format name and version. */
export const MANIFEST_FORMAT = 'strace-dfg replay';
export const MANIFEST_VERSION = 1;

/** The what-ifs in words, one line each (README, job file, manifest). */
export function whatIfLines(w: WhatIfs): string[] {
  const out: string[] = [];
  if (w.coalesce) out.push(`--coalesce ${formatBytes(w.coalesce)}: contiguous requests of a file and direction merged up to ${formatBytes(w.coalesce)} each`);
  if (w.align) out.push(`--align ${formatBytes(w.align)}: every request starts and ends on a ${formatBytes(w.align)} boundary (widened)`);
  if (w.layout === 'fpp') out.push('--file-per-process: every shared file replayed as one file per case, each case\'s region from offset 0');
  if (w.layout === 'ssf') out.push('--shared-file: the files each case has alone, of one name pattern, replayed as one shared file, case after case');
  if (w.pread) out.push('--pread: reads and writes at the file position (lseek + read/write) replayed as pread/pwrite (fio\'s psync engine)');
  if (w.noSync) out.push('--no-sync: fsync and fdatasync left out');
  return out;
}

/** replay.json: the plan as the fidelity check reads it (what each case must do, and what it recorded). */
export function manifest(plan: ReplayPlan, info: ReadmeInfo): unknown {
  return {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    sources: info.sources,
    view: info.view,
    scope: info.scope,
    what_ifs: { coalesce: plan.whatIfs.coalesce, align: plan.whatIfs.align, layout: plan.whatIfs.layout, pread: plan.whatIfs.pread, no_sync: plan.whatIfs.noSync, lines: whatIfLines(plan.whatIfs) },
    left: plan.left,
    cases: plan.cases.map((c) => ({
      index: c.index,
      id: c.id,
      cid: c.cid,
      host: c.host,
      rid: c.rid,
      trace_cid: c.traceCid,
      trace_rid: c.traceRid,
      engine: c.engine,
      wall: c.wall,
      io_span: c.span,
      data_busy: Number.isNaN(c.dataBusy) ? null : c.dataBusy,
      meta_busy: Number.isNaN(c.metaBusy) ? null : c.metaBusy,
      iolog: c.io.length ? `iolog/case${c.index}.iolog` : null,
      meta: c.meta.length ? `meta/case${c.index}.tsv` : null,
      recorded: c.recorded,
      notes: c.notes,
      unseen: c.unseen,
    })),
    files: plan.files.map((f) => ({ path: f.path, name: f.name, prepare: f.prepare, size: f.size })),
  };
}

export function replayFolder(plan: ReplayPlan, info: Omit<ReadmeInfo, 'whatIfs'>): ReplayFile[] {
  const full: ReadmeInfo = { ...info, whatIfs: whatIfLines(plan.whatIfs) };
  const nameOf = nameTable(plan.files);
  const files: ReplayFile[] = [
    { path: 'README.md', text: readmeText(plan, full) },
    { path: 'run.sh', text: RUN_SCRIPT, executable: true },
    { path: 'replay_meta.py', text: META_PROGRAM, executable: true },
    { path: 'job.fio', text: jobText(plan, { whatIfs: full.whatIfs }) },
    { path: 'cases.tsv', text: casesTable(plan) },
    { path: 'files.tsv', text: filesTable(plan) },
    { path: 'replay.json', text: JSON.stringify(manifest(plan, full)) + '\n' },
  ];
  for (const c of plan.cases) {
    if (c.io.length) files.push({ path: `iolog/case${c.index}.iolog`, text: iologText(c, nameOf) });
    if (c.meta.length) files.push({ path: `meta/case${c.index}.tsv`, text: metaText(c, nameOf) });
  }
  return files;
}
