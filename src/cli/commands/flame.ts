/**
 * `strace-dfg flame [options] PATH...`: the flame graph of the I/O stacks of a view's events (traces recorded
 * with strace -k; docs/METHOD.md "Layers"), in the folded form flame graph tools read (`frame;frame;… weight`:
 * flamegraph.pl, speedscope, inferno), or with --json the tree the app draws. With --green/--red (--diff),
 * green against red: two weights per line, per case of each side (difffolded.pl's form).
 */
import { foldedStacks, type FlameWeight } from '../../analysis/layers/flame';
import { viewArgs } from '../cliView';
import { CliError, type CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { jobsOf, needPaths, type Command } from '../command';
import { has, last, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface FlameArgs extends OpenViewArgs {
  command: 'flame';
  weight: FlameWeight;
  activity: string | null;
  diff: boolean;
  json: boolean;
}

/** The folded weights' units: µs of time, bytes, calls (integers, as the tools expect). */
const SCALE: Record<FlameWeight, number> = { time: 1e6, bytes: 1, calls: 1 };

export async function runFlame(a: FlameArgs, io: CliIO): Promise<number> {
  const { session, ctx } = await openView(io, a, {
    check: (v) => {
      if (a.diff && !(v.green || v.red)) throw new CliError('--diff needs the sides: --green and --red (or --green-cid/--red-cid)');
    },
  });
  const g = await session.flame(ctx, { weight: a.weight, activity: a.activity, diff: a.diff });
  if (!g) throw new CliError('no stacks in these traces: record them with strace -k (strace.sh -k)');
  if (a.activity !== null && g.root.value[0] + g.root.value[1] === 0) io.stderr.write(`strace-dfg: warning: activity '${a.activity}' has no ${a.weight} with a stack\n`);
  if (a.json) io.stdout.write(`${JSON.stringify(g)}\n`);
  else io.stdout.write(foldedStacks(g, SCALE[a.weight]).map((l) => `${l}\n`).join(''));
  return 0;
}

export const flame: Command<FlameArgs> = {
  usage: 'flame [--weight time|bytes|calls] [--activity ACT] [--diff] [--json] [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    weight: { type: 'string', value: 'W', help: 'what a frame\'s width is: time (default; µs in the folded output), bytes or calls' },
    activity: { type: 'string', value: 'ACT', help: "only this activity's calls (default: every mapped call)" },
    diff: { type: 'boolean', help: 'green against red (needs --green/--red): two weights per stack, means per case of each side' },
    json: { type: 'boolean', help: 'print the tree as JSON (the app\'s flame graph) instead of folded stacks' },
  },
  args: (p) => {
    const w = last(p, 'weight') ?? 'time';
    if (w !== 'time' && w !== 'bytes' && w !== 'calls') throw new CliError(`--weight expects time, bytes or calls, got '${w}'`);
    return { command: 'flame', paths: needPaths('flame', p), ...viewArgs(p), weight: w, activity: last(p, 'activity') ?? null, diff: has(p, 'diff'), json: has(p, 'json'), jobs: jobsOf(p) };
  },
  run: runFlame,
};
