/**
 * The insights pass's optimised code survives a major GC between two analyses (Pass.kept, pass.ts): V8 holds
 * the maps of the Pass's objects weakly in that code; with no Pass alive at a GC they died and the code was
 * thrown away ("weak objects": each bench round of insights ran as a first one). Optimised on demand
 * (V8's natives, enabled for the functions compiled here), then two full GCs with nothing of the pass alive but
 * the kept prime pass: caseEvents is still TurboFan code.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { traceDirLog } from '../../testing/traceDir';
import { compileMapping } from '../mapping';
import { DEFAULT_MAPPING } from '../types';
import { IOR_LIKE } from '../../testing/iorLike';
import { buildContext } from './context';
import { Pass } from './pass';
import { resolveThresholds } from './thresholds';

setFlagsFromString('--allow-natives-syntax');
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
type Fn = (...a: unknown[]) => unknown;
const prepare = new Function('f', '%PrepareFunctionForOptimization(f)') as (f: Fn) => void;
const optimizeNext = new Function('f', '%OptimizeFunctionOnNextCall(f)') as (f: Fn) => void;
const status = new Function('f', 'return %GetOptimizationStatus(f)') as (f: Fn) => number;
/** V8's OptimizationStatus: kTurboFanned. */
const TURBOFANNED = 1 << 6;

describe('the insights pass keeps its optimised code across GCs (Pass.kept)', () => {
  it('caseEvents is still TurboFan code after two full GCs with no pass of a log alive', () => {
    const log = traceDirLog(IOR_LIKE);
    const m = compileMapping(log, DEFAULT_MAPPING);
    const caseEvents = (Pass.prototype as unknown as { caseEvents: Fn }).caseEvents;
    const once = (): number => buildContext(log, resolveThresholds(null), null, m).nRec;
    prepare(caseEvents);
    once();
    optimizeNext(caseEvents);
    expect(once()).toBeGreaterThan(0);
    expect(status(caseEvents) & TURBOFANNED, 'optimised before the GCs').toBe(TURBOFANNED);
    expect(Pass.kept).not.toBeNull();
    gc();
    gc();
    expect(status(caseEvents) & TURBOFANNED, 'optimised after the GCs').toBe(TURBOFANNED);
  });
});
