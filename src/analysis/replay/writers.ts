/**
 * The text files of a replay folder (docs/FORMATS.md "The replay folder"), each a pure function of the plan:
 * per case fio's I/O log (`iolog/caseK.iolog`, fio's "version 3" format, names relative to the replay root)
 * and the metadata list (`meta/caseK.tsv`), the fio job file, the case and file tables run.sh reads, and the
 * manifest `replay.json` the fidelity check reads.
 */
import type { IoLine, PlanCase, PlanFile, ReplayPlan } from './types';

export const IOLOG_HEADER = 'fio version 3 iolog';
export const META_HEADER = '# strace-dfg metadata replay 1';
/** fio reads a request's length as an unsigned 32-bit number: longer ones are split. */
export const MAX_IOLOG_LENGTH = 2 ** 31;

export type NameOf = (path: string) => string;

export function nameTable(files: readonly PlanFile[]): NameOf {
  const m = new Map(files.map((f) => [f.path, f.name]));
  return (p) => m.get(p) ?? p.slice(1);
}

/** Microseconds since the case's start, never going back (fio's v3 timestamps). */
function clock(): (t: number) => number {
  let last = 0;
  return (t) => {
    const us = Math.max(last, Math.round(t * 1e6));
    last = us;
    return us;
  };
}

/**
 * Lines joined a few thousand at a time: a million line strings kept until one join at the end would all
 * survive the young generation (the garbage collector copies them twice); joined in chunks, they die young.
 */
class Lines {
  private readonly chunks: string[] = [];
  private lines: string[] = [];
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length === 4096) {
      this.chunks.push(this.lines.join('\n'));
      this.lines = [];
    }
  }
  /** The lines, each ended by a newline. */
  text(): string {
    if (this.lines.length) this.chunks.push(this.lines.join('\n'));
    return this.chunks.join('\n') + '\n';
  }
}

export function iologText(c: PlanCase, nameOf: NameOf): string {
  const out = new Lines();
  out.push(IOLOG_HEADER);
  // each path's name once, with the separators around it
  const names = new Map<string, string>();
  for (const l of c.io) {
    if (names.has(l.path)) continue;
    const name = nameOf(l.path);
    names.set(l.path, ` ${name} `);
    out.push(`0 ${name} add`);
  }
  const us = clock();
  for (const l of c.io) pushLine(out, us(l.t), names.get(l.path)!, l);
  return out.text();
}

/** One line (` name ` with its spaces): `T name open`, `T name sync 0 0`, `T name write OFFSET LENGTH`. */
function pushLine(out: Lines, t: number, name: string, l: IoLine): void {
  const k = l.kind;
  if (k === 'open' || k === 'close') out.push(t + name + k);
  else if (k === 'sync' || k === 'datasync') out.push(t + name + k + ' 0 0');
  else if (l.size <= MAX_IOLOG_LENGTH) out.push(t + name + k + ' ' + l.offset + ' ' + l.size);
  else
    for (let off = l.offset, left = l.size; left > 0; off += MAX_IOLOG_LENGTH, left -= MAX_IOLOG_LENGTH) {
      out.push(t + name + k + ' ' + off + ' ' + Math.min(left, MAX_IOLOG_LENGTH));
    }
}

export function metaText(c: PlanCase, nameOf: NameOf): string {
  const out: string[] = [META_HEADER, `# case ${oneLine(c.id)}: microseconds, phase, action, name, argument, recorded call, recorded errno`];
  const us = clock();
  for (const m of c.meta) out.push([us(m.t), m.phase, m.action, nameOf(m.path), m.arg, m.call, m.errno].join('\t'));
  return out.join('\n') + '\n';
}

/** A text on one line, for comments (newlines and tabs shown as escapes). */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\x00-\x1f\x7f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** `cases.tsv` for run.sh: index, trace cid, trace rid, has an I/O log, has metadata (pre/during/post). */
export function casesTable(plan: ReplayPlan): string {
  return (
    plan.cases
      .map((c) => {
        const has = (p: string): string => (c.meta.some((m) => m.phase === p) ? '1' : '0');
        return [c.index, c.traceCid, c.traceRid, c.io.length ? '1' : '0', has('pre'), has('during'), has('post')].join('\t');
      })
      .join('\n') + '\n'
  );
}

/** The paths the replay makes, as run.sh resets them before a run (`new`), and what it prepares (`dir`, `file` SIZE). */
export function filesTable(plan: ReplayPlan): string {
  const made = new Set<string>();
  const extra = new Set<string>();
  for (const c of plan.cases)
    for (const m of c.meta) {
      if (m.action === 'rename') extra.add(m.path + '.renamed');
      if (m.action === 'link') extra.add(m.path + '.link');
      if (m.action === 'mkdir') made.add(m.path);
    }
  const lines: string[] = [];
  for (const f of plan.files) {
    if (f.prepare === 'dir') lines.push(`dir\t0\t${f.name}`);
    else if (f.prepare === 'file') lines.push(`file\t${f.size}\t${f.name}`);
    else lines.push(`${made.has(f.path) ? 'newdir' : 'new'}\t0\t${f.name}`);
    if (extra.has(f.path)) lines.push(`new\t0\t${f.name}.${extra.has(f.path + '.renamed') ? 'renamed' : 'link'}`);
  }
  return lines.join('\n') + '\n';
}

export interface JobInfo {
  /** The what-ifs, one line each. */
  whatIfs: string[];
}

export function jobText(plan: ReplayPlan, info: JobInfo): string {
  const out = [
    '; strace-dfg replay: one fio job per case (README.md). run.sh sets the environment:',
    ';   STRACE_DFG_RUN       the folder of the I/O logs with the replay root in their paths',
    ';   STRACE_DFG_NO_STALL  1 = as fast as possible, 0 = keep the recorded think time',
    ...(info.whatIfs.length ? [';', '; what-ifs applied to the recorded I/O:', ...info.whatIfs.map((w) => `;   ${w}`)] : []),
    '',
    '[global]',
    'iodepth=1',
    '; nothing of fio\'s own: no cache invalidation or fadvise, no preallocation, no layout, no fsync or unlink of its own',
    'invalidate=0',
    'fadvise_hint=0',
    'fallocate=none',
    'pre_read=0',
    'end_fsync=0',
    'fsync_on_close=0',
    'unlink=0',
    'replay_no_stall=${STRACE_DFG_NO_STALL}',
  ];
  for (const c of plan.cases) {
    if (!c.io.length) continue;
    let n = 0;
    let bytes = 0;
    for (const l of c.io)
      if (l.kind === 'read' || l.kind === 'write') {
        n++;
        bytes += l.size;
      }
    out.push('', `; case ${oneLine(c.id)}: ${n} requests, ${bytes} bytes`, `[case${c.index}]`, `ioengine=${c.engine}`, `read_iolog=\${STRACE_DFG_RUN}/case${c.index}.iolog`);
  }
  return out.join('\n') + '\n';
}
