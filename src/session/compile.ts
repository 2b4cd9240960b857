/**
 * What the Session lends the compile of a view's mapping (src/analysis/viewCut.ts compileView, docs/ARCHITECTURE.md
 * "Loads"): heartbeats (progress phase `mapping`, naming the mapping's and selectors' regular expressions: the app's
 * watchdog stops a mapping silent for seconds), the injected regex guard (the CLI's time budget), and the injected
 * sandbox a custom function is evaluated in.
 */
import type { CompileHooks } from '../analysis/viewCut';
import { Throttle } from './progress';
import type { Ctx, CustomSandbox, RegexGuard } from './types';

export type { CustomAnswers, CustomSandbox, RegexGuard } from './types';

export function compileHooks(ctx: Ctx, sandbox?: CustomSandbox, guard?: RegexGuard): CompileHooks {
  let beat: Throttle | null = null;
  const analyzing = (file: string): void => ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file });
  return {
    guard,
    ...(sandbox ? { custom: (source, inputs) => sandbox(ctx, source, inputs) } : {}),
    mapping: (done, total, what, force) => (beat ??= new Throttle(ctx.progress, 250)).report('mapping', done, total, what, force),
    analyzing,
  };
}
