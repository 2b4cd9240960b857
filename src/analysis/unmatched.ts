/**
 * The parts of a view that match nothing in the loaded traces: a path filter (keep or drop), a rewrite
 * rule, a call filter or a case filter that changes nothing is most often a typo, so each is named in one
 * line (AnalyzeReply.warnings: the CLI prints them on stderr, the app shows them beside the mapping).
 */
import { compileFilter, compileRewrite, filterText, rewriteText, type CompiledMapping } from './mapping';
import type { CaseFilter, MappingSpec } from './types';
import type { EventLog } from '../model/eventlog';

/** Whether any fp of the log (its distinct paths; 0 is "no file") passes the test. */
function anyPath(log: EventLog, test: (fp: string) => boolean): boolean {
  const paths = log.paths;
  for (let f = 1; f < paths.length; f++) if (test(paths[f])) return true;
  return false;
}

/** The mapping's filters, rewrites and call filters that match nothing in `log` (the log the mapping is compiled against). */
export function unmatchedMapping(log: EventLog, spec: MappingSpec): string[] {
  const out: string[] = [];
  const none = 'matches no path of these traces';
  spec.include.forEach((f, i) => {
    if (!anyPath(log, compileFilter(f, `include filter ${i + 1}`))) out.push(`the path filter '${filterText(f)}' ${none}: nothing is kept`);
  });
  spec.exclude.forEach((f, i) => {
    if (!anyPath(log, compileFilter(f, `exclude filter ${i + 1}`))) out.push(`the exclude filter '${filterText(f)}' ${none}`);
  });
  spec.rewrites.forEach((r, i) => {
    const rw = compileRewrite(r, `rewrite rule ${i + 1}`);
    if (!anyPath(log, (fp) => rw(fp) !== null)) out.push(`the rewrite rule '${rewriteText(r, ' => ')}' ${none}`);
  });
  const calls = new Set(log.calls);
  const missing = (list: readonly string[]): string[] => list.filter((c) => !calls.has(c));
  const keep = missing(spec.calls);
  if (keep.length) out.push(`the call filter names ${keep.map((c) => `'${c}'`).join(', ')}, not a call of these traces${keep.length === spec.calls.length ? ': nothing is kept' : ''}`);
  const drop = missing(spec.excludeCalls);
  if (drop.length) out.push(`the dropped calls ${drop.map((c) => `'${c}'`).join(', ')} are not calls of these traces`);
  return out;
}

/** The case filters that name an activity of no case (with the view's mapping) or a case that is not loaded. */
export function unmatchedCaseFilters(log: EventLog, compiled: CompiledMapping, filters: readonly CaseFilter[]): string[] {
  const out: string[] = [];
  let ids: Set<string> | null = null;
  for (const f of filters) {
    if (f.keep === 'cases') {
      ids ??= new Set(log.cases.map((c) => c.id));
      const gone = f.ids.filter((id) => !ids!.has(id));
      if (gone.length) out.push(`keep cases: ${gone.slice(0, 3).map((id) => `'${id}'`).join(', ')}${gone.length > 3 ? ` and ${gone.length - 3} more are` : gone.length > 1 ? ' are' : ' is'} not a loaded case`);
    } else if (!compiled.activities.includes(f.activity)) out.push(`keep cases ${f.keep} '${f.activity}': no such activity in this view`);
  }
  return out;
}
