/**
 * The preamble every subcommand that analyses a view shares: the view from the options (src/cli/cliView.ts),
 * its plan (src/session/view.ts: what loads, what is analysed), the files loaded into a Session on the
 * CLI's threads, and the analysis, whose warnings (filters, rewrite rules, call and case filters that
 * match nothing) go to stderr, one line each.
 */
import type { View, ViewPlan } from '../session/view';
import type { PathInputs } from '../ingest/inputs';
import type { Opened } from '../session/open';
import { Session } from '../session/session';
import { noCtx, type AnalyzeReply, type Ctx } from '../session/types';
import { cliView, readViewFiles, type ViewArgs } from './cliView';
import type { CliIO } from './errors';
import { discover } from './node/discover';
import { cliOpen, noteWarnings, startPool, type CliOpen } from './node/load';

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

/**
 * From the top down: what is on disk is found first (the files the view options name read, the parse threads
 * started, the PATH arguments walked: src/cli/node/discover.ts), then the view is read and checked — a usage
 * error (a bad `--view`, a command's check) is reported before any problem of the PATH arguments — and one
 * Session call (Session.open, src/session/open.ts) sniffs, loads and analyses, its notes on stderr as they come.
 */
export async function openView(io: CliIO, a: OpenViewArgs, opts: OpenViewOptions = {}): Promise<OpenView> {
  const viewFiles = readViewFiles(a);
  const pool = startPool(io, a.jobs);
  let inputs: PathInputs;
  let cli: CliOpen;
  let view: View;
  try {
    inputs = discover(a.paths);
    cli = cliOpen(io, pool, !!opts.sortOnLoad);
    view = cliView(a, viewFiles);
    opts.check?.(view);
  } catch (e) {
    pool?.close();
    throw e;
  }
  const session = new Session(cli.options);
  const ctx = noCtx();
  const want = opts.reports ? { insights: true, access: opts.reports === 'both' } : {};
  let opened: Opened;
  try {
    opened = await session.open(cli.ctx, inputs, { view, want, analysisCtx: ctx, ...cli.ask });
  } catch (e) {
    throw cli.refused(e);
  } finally {
    cli.stop();
  }
  const { plan, reply, files } = opened;
  noteWarnings(io, reply!.warnings);
  return { session, view, plan: plan!, reply: reply!, files, read: cli.read, ctx };
}
