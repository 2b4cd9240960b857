/**
 * The preamble every subcommand that analyses a view shares: the view from the options (src/cli/cliView.ts),
 * its plan (src/session/view.ts: what loads, what is analysed), the files loaded into a Session on the
 * CLI's threads, and the analysis, whose warnings (filters, rewrite rules, call and case filters that
 * match nothing) go to stderr, one line each.
 */
import { plan, type View, type ViewPlan } from '../session/view';
import type { Session } from '../session/session';
import { noCtx, type AnalyzeReply, type Ctx } from '../session/types';
import { cliView, readViewFiles, type ViewArgs } from './cliView';
import type { CliIO } from './errors';
import { findInputs, loadInputs } from './node/load';
import { safe } from './text';

export interface OpenViewArgs extends ViewArgs {
  paths: string[];
  /** Parse threads (null = the default). */
  jobs: number | null;
}

export interface OpenViewOptions {
  /** The command reads mc of the first analysis: its time sort starts as soon as the files are merged. */
  sortOnLoad?: boolean;
  /** The reports the command prints (the insight findings; and the access patterns with `both`): computed
   * on idle parse threads while the analysis runs (Session.analyze's `want`). */
  reports?: 'insights' | 'both';
  /** Checks the view before anything is loaded (throws CliError). */
  check?: (view: View) => void;
}

export interface OpenView {
  session: Session;
  view: View;
  plan: ViewPlan;
  reply: AnalyzeReply;
  /** Files that loaded. */
  files: number;
  /** The files on disk the load read (Loaded.read). */
  read: string[];
  ctx: Ctx;
}

export async function openView(io: CliIO, a: OpenViewArgs, opts: OpenViewOptions = {}): Promise<OpenView> {
  // everything read from disk first (the files the view options name, the inputs found and sniffed) …
  const viewFiles = readViewFiles(a);
  const inputs = await findInputs(io, a.paths, { jobs: a.jobs });
  let view: View;
  let p: ViewPlan;
  try {
    view = cliView(a, viewFiles);
    opts.check?.(view);
    p = plan(view);
  } catch (e) {
    inputs.pool?.close();
    throw e;
  }
  // … then loaded and analysed by the Session
  const { session, files, read } = await loadInputs(io, inputs, { splitByPid: p.load.splitByPid, filter: p.analyze.mapping.include, sortOnLoad: !!opts.sortOnLoad });
  const ctx = noCtx();
  const reply = await session.analyze(ctx, p.analyze, opts.reports ? { insights: true, access: opts.reports === 'both' } : {});
  for (const w of reply.warnings) io.stderr.write(`strace-dfg: warning: ${safe(w)}\n`);
  return { session, view, plan: p, reply, files, read, ctx };
}
