/**
 * The mapping of an analysis compiled (docs/ARCHITECTURE.md "Loads"): with heartbeats (progress phase
 * `mapping`, naming the mapping's and selectors' regular expressions: the app's watchdog stops a mapping
 * silent for seconds), under the injected regex guard (the CLI's time budget), and with a custom function
 * evaluated in the injected sandbox when there is one (the answers are looked up in the same order).
 */
import { compileMapping, MappingError, mappingRegexes, type CompiledMapping, type CustomEvent, type MappingOptions } from '../analysis/index';
import type { EventLog } from '../model/eventlog';
import { IMPORT_REFUSED, usesImport } from './customCode';
import { Throttle } from './progress';
import type { AnalyzeParams, Ctx, CustomSandbox, RegexGuard } from './types';

export type { CustomAnswers, CustomSandbox, RegexGuard } from './types';

/** The regular expressions of a view's mapping and partition selectors, as `/…/ /…/` ('' = none). */
export function viewRegexes(params: AnalyzeParams): string {
  const sel = params.partition;
  const selectors = [sel?.green ?? '', sel?.red ?? ''].filter((x) => x.trim().startsWith('re:')).map((x) => `/${x.trim().slice(3)}/`);
  return [...mappingRegexes(params.mapping), ...selectors].join(' ');
}

export async function compileView(ctx: Ctx, base: EventLog, params: AnalyzeParams, sandbox?: CustomSandbox, guard?: RegexGuard): Promise<CompiledMapping> {
  const what = viewRegexes(params);
  const guarded = <T>(work: number, fn: () => T): T => (guard && what !== '' ? guard(what, work, fn) : fn());
  const beat = new Throttle(ctx.progress, 250);
  const tick = (done: number, total: number): void => beat.report('mapping', done, total, what);
  beat.report('mapping', 0, 0, what, true);
  const spec = params.mapping;
  const nRe = Math.max(1, mappingRegexes(spec).length);
  let custom: MappingOptions['custom'];
  if (spec.custom !== null && usesImport(spec.custom)) throw new MappingError(`custom mapping not run: ${IMPORT_REFUSED}`);
  if (sandbox && spec.custom !== null && spec.custom.trim() !== '') {
    const inputs: CustomEvent[] = [];
    guarded(base.paths.length * nRe, () => compileMapping(base, spec, { tick, custom: (e) => (inputs.push(e), null) }));
    ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: 'custom mapping' });
    const answers = await sandbox(ctx, spec.custom, inputs);
    if ('error' in answers) {
      const e = inputs[answers.index];
      if (!e) throw new MappingError(answers.error);
      const at = `(${e.call}, ${JSON.stringify(e.fp)})`;
      const msg = answers.error === 'threw' ? `custom mapping threw for ${at}: ${answers.detail ?? ''}` : `custom mapping returned ${answers.detail ?? '?'} for ${at}; return a string, or null to leave the event unmapped`;
      throw new MappingError(msg, e.call, e.fp);
    }
    const values = answers.values;
    if (values.length !== inputs.length || values.some((v) => v !== null && typeof v !== 'string')) throw new MappingError('custom mapping: the sandbox answered something else than one string or null per event');
    let i = 0;
    custom = () => values[i++] ?? null;
    beat.report('mapping', 0, 0, what, true);
  }
  const compiled = guarded(base.paths.length * nRe, () => compileMapping(base, spec, { tick, custom }));
  if (what) beat.report('mapping', 1, 1, what, true);
  return compiled;
}
