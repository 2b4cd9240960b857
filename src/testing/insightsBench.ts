/**
 * The labelled insights benchmark (src/analysis/insights/__fixtures__/bench, README.md there): real runs, each
 * with a labels.json saying which findings must fire and which must not; checked through the CLI's
 * `insights --json` (the same code path a user runs). Also each fio run's own truth (its write_iolog)
 * against the Files table of `analyze --json`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { InsightJson } from '../analysis/insights/json';
import { runCli } from './cliRun';

export const BENCH = join(import.meta.dirname, '..', 'analysis', 'insights', '__fixtures__', 'bench');

/** A finding that must fire: its code, and optionally its level(s), a file and a case among its own, its side, its run, its rank. */
export interface MustLabel {
  code: string;
  level?: string | string[];
  /** A file of the finding (`files[].name`), or a text of its message or details. */
  file?: string;
  text?: string;
  case?: string;
  side?: string;
  run?: string;
  /** It must be the first finding of the list. */
  first?: boolean;
  why: string;
}

/** A finding that must not fire at the given levels (default WARN and HIGH): code ('*' any), optionally about a file. */
export interface MustNotLabel {
  code: string;
  levels?: string[];
  file?: string;
  why: string;
}

/** A WARN or HIGH finding that may fire, neither required nor wrong (a measured effect of this machine, say): why. */
export interface MayLabel {
  code: string;
  file?: string;
  why: string;
}

export interface BenchCheck {
  /** Extra CLI arguments (a partition, thresholds…). */
  args?: string[];
  must: MustLabel[];
  mustNot: MustNotLabel[];
  /** Every WARN or HIGH finding of the check must be a must or a may label's (else it is unjudged: a failure). */
  may?: MayLabel[];
}

export interface BenchLabels {
  what: string;
  /** The run's data moves where strace sees no read or write (mmap, io_uring): why. Its truth is then
   * checked the other way: the Files table must hold none of fio's requests. */
  invisible?: string;
  /** The folder of the run's traces, relative to the repository, when they are not beside labels.json (a
   * fixture of e2e/fixtures, used by other tests too). */
  traces?: string;
  checks: BenchCheck[];
}

export interface LabelResult {
  run: string;
  check: number;
  kind: 'must' | 'mustNot' | 'unjudged';
  code: string;
  ok: boolean;
  /** What was found (for the failure message). */
  got: string;
  why: string;
}

export function benchRuns(): string[] {
  return readdirSync(BENCH, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(BENCH, d.name, 'labels.json'))).map((d) => d.name).sort();
}

export function labelsOf(run: string): BenchLabels {
  return JSON.parse(readFileSync(join(BENCH, run, 'labels.json'), 'utf8')) as BenchLabels;
}

/** The traces of a run (not its truth/ folder). */
export function traceFiles(run: string): string[] {
  // a run whose traces are a fixture of e2e/fixtures names that folder (labels.json "traces")
  const dir = labelsOf(run).traces ? join(import.meta.dirname, '..', '..', labelsOf(run).traces!) : join(BENCH, run);
  return readdirSync(dir).filter((n) => /\.st(\.\d+)?(\.gz)?$/.test(n)).sort().map((n) => join(dir, n));
}

export async function insightsOf(run: string, args: string[] = []): Promise<InsightJson[]> {
  const r = await runCli('insights', '--json', '--jobs', '1', ...args, ...traceFiles(run));
  if (r.code !== 0) throw new Error(`insights on ${run} exited ${r.code}: ${r.err}`);
  return (JSON.parse(r.out) as { insights: InsightJson[] }).insights;
}

const show = (f: InsightJson): string => `${f.code} ${f.level}${f.side ? ` ${f.side}` : ''}${f.run ? ` run ${f.run}` : ''}${f.cost ? ` ${(f.cost.seconds * 1000).toFixed(1)} ms ${(f.cost.share * 100).toFixed(1)}%` : ''} [${f.files.map((c) => c.name).join(', ')}] ${f.message.slice(0, 120)}`;

function about(f: InsightJson, file: string | undefined, text: string | undefined): boolean {
  if (file !== undefined && !f.files.some((c) => c.name === file)) return false;
  if (text !== undefined && !f.message.includes(text) && !f.details.some((d) => d.includes(text))) return false;
  return true;
}

export function judge(run: string, check: number, c: BenchCheck, fs: InsightJson[]): LabelResult[] {
  const out: LabelResult[] = [];
  for (const m of c.must) {
    const levels = m.level === undefined ? null : Array.isArray(m.level) ? m.level : [m.level];
    const hits = fs.filter((f) => f.code === m.code && (!levels || levels.includes(f.level)) && about(f, m.file, m.text)
      && (m.case === undefined || f.cases.some((x) => x.name === m.case)) && (m.side === undefined || f.side === m.side) && (m.run === undefined || f.run === m.run));
    const ok = hits.length > 0 && (!m.first || fs[0] === hits[0]);
    const same = fs.filter((f) => f.code === m.code);
    out.push({ run, check, kind: 'must', code: m.code, ok, why: m.why, got: (same.length ? same.map(show) : ['none']).join(' | ') + (m.first && fs[0] ? ` (first: ${fs[0].code})` : '') });
  }
  for (const m of c.mustNot) {
    const levels = m.levels ?? ['WARN', 'HIGH'];
    const bad = fs.filter((f) => (m.code === '*' || f.code === m.code) && levels.includes(f.level) && about(f, m.file, undefined));
    out.push({ run, check, kind: 'mustNot', code: m.code, ok: bad.length === 0, why: m.why, got: bad.map(show).join(' | ') || 'none' });
  }
  // every finding to act on (WARN, HIGH) is judged: a must label's or a may label's
  const judged = [...c.must, ...(c.may ?? [])];
  for (const f of fs) {
    if (f.level !== 'WARN' && f.level !== 'HIGH') continue;
    if (judged.some((m) => m.code === f.code && about(f, m.file, undefined))) continue;
    out.push({ run, check, kind: 'unjudged', code: f.code, ok: false, why: 'a WARN/HIGH finding no must or may label judges', got: show(f) });
  }
  return out;
}

/** Per code: must labels met / all, must-not labels broken / all, unjudged WARN/HIGH findings. */
export function perRule(results: LabelResult[]): string {
  const by = new Map<string, { must: number; met: number; not: number; broken: number; unjudged: number }>();
  for (const r of results) {
    let e = by.get(r.code);
    if (!e) by.set(r.code, (e = { must: 0, met: 0, not: 0, broken: 0, unjudged: 0 }));
    if (r.kind === 'must') {
      e.must++;
      if (r.ok) e.met++;
    } else if (r.kind === 'mustNot') {
      e.not++;
      if (!r.ok) e.broken++;
    } else e.unjudged++;
  }
  const rows = [...by].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, e]) =>
    `${code.padEnd(4)}  recall ${e.must ? `${e.met}/${e.must}` : '—'}`.padEnd(22) + `false positives ${e.not ? `${e.broken}/${e.not}` : '—'}`.padEnd(24) + (e.unjudged ? `unjudged ${e.unjudged}` : ''));
  return ['insights benchmark, per rule (must labels met; must-not labels broken; WARN/HIGH findings no label judges):', ...rows].join('\n');
}

/** One fio request of a write_iolog (version 3): `TIME FILE read|write OFFSET LENGTH`. */
export interface IologRequest {
  file: string;
  op: 'read' | 'write';
  offset: number;
  length: number;
}

/** The fio runs' truth: per case, the requests of its write_iolog (truth/CASE.iolog.gz). */
export function iologs(run: string): Map<string, IologRequest[]> {
  const dir = join(BENCH, run, 'truth');
  const out = new Map<string, IologRequest[]>();
  if (!existsSync(dir)) return out;
  for (const n of readdirSync(dir).filter((x) => x.endsWith('.iolog.gz')).sort()) {
    const lines = gunzipSync(readFileSync(join(dir, n))).toString('utf8').split('\n');
    const reqs: IologRequest[] = [];
    for (const l of lines) {
      const m = /^\d+ (\S+) (read|write) (\d+) (\d+)$/.exec(l);
      if (m) reqs.push({ file: m[1], op: m[2] as 'read' | 'write', offset: Number(m[3]), length: Number(m[4]) });
    }
    out.set(n.replace(/\.iolog\.gz$/, ''), reqs);
  }
  return out;
}
