/**
 * The view the CLI analyses: `--view` (the app's link), then the view options in command-line order; each
 * option is a key of the view text form (src/session/view.ts), so the CLI accepts exactly what the app does.
 */
import { readFileSync } from 'node:fs';
import { applyKeys, idsSelector, parseIdList, parseView, type View } from '../session/view';
import { CliError } from './errors';
import { parseTimeWindow } from '../analysis/time/window';
import { all, has, intArg, last, type ParsedLine } from './options';

/** The partition options as selectors, with the label the text report shows. */
export interface PartitionArgs {
  green: string;
  red: string;
  label: string;
}

export interface ViewArgs {
  depth?: number;
  filters: string[];
  partition: PartitionArgs | null;
  casePerPid: boolean;
  /** `--view` text (undefined when not given). */
  view?: string;
  /** The other view options as view keys, in command-line order (undefined when none). */
  edits?: [string, string][];
}

const SELECTOR = /^(cid|host|re|ids):/;

/** `--green`/`--red` value → selector: a selector as it is, a plain `ID,ID` list → `ids:ID,ID`. */
function selector(v: string): string {
  if (SELECTOR.test(v)) return v;
  const ids = parseIdList(v);
  return idsSelector(ids);
}

function partitionArgs(p: ParsedLine): PartitionArgs | null {
  const gc = last(p, 'green-cid');
  const rc = last(p, 'red-cid');
  const g = last(p, 'green');
  const r = last(p, 'red');
  for (const [name, v] of [['--green-cid', gc], ['--red-cid', rc], ['--green', g], ['--red', r]] as const) if (v === '') throw new CliError(`${name} needs a value`);
  const byCid = gc !== undefined || rc !== undefined;
  const bySel = g !== undefined || r !== undefined;
  if (byCid && bySel) throw new CliError('use either --green-cid/--red-cid or --green/--red, not both');
  if (byCid) {
    if (gc === undefined || rc === undefined) throw new CliError('--green-cid and --red-cid go together');
    if (gc === rc) throw new CliError('--green-cid and --red-cid must differ');
    return { green: `cid:${gc}`, red: `cid:${rc}`, label: `green = cid ${gc}, red = cid ${rc}` };
  }
  if (!bySel) return null;
  const green = g === undefined ? '' : selector(g);
  const red = r === undefined ? '' : selector(r);
  if ((g !== undefined && !green) || (r !== undefined && !red)) throw new CliError('--green and --red need at least one case id each');
  if (green.startsWith('ids:') && red.startsWith('ids:')) {
    const rs = new Set(parseIdList(red.slice(4)));
    const both = parseIdList(green.slice(4)).filter((x) => rs.has(x));
    if (both.length) throw new CliError(`case ${both[0]} is in both --green and --red`);
  }
  const side = (s: string): string => (s.startsWith('ids:') ? `${parseIdList(s.slice(4)).length} cases` : s || 'none');
  return { green, red, label: `green = ${side(green)}, red = ${side(red)}` };
}

/** The view options of a command line (validated; files are read later, by `cliView`). */
export function viewArgs(p: ParsedLine): ViewArgs {
  const depth = last(p, 'depth');
  const filters = all(p, 'filter');
  if (filters.some((f) => f === '')) throw new CliError('--filter needs a non-empty substring');
  const edits: [string, string][] = [];
  for (const g of p.given) {
    const v = g.value ?? '';
    switch (g.name) {
      case 'exclude':
        if (v === '') throw new CliError('--exclude needs a non-empty substring');
        edits.push(['exclude', v]);
        break;
      case 'calls':
      case 'xcalls':
        edits.push([g.name, v]);
        break;
      case 'rewrite':
        if (!/.=>/s.test(v)) throw new CliError(`--rewrite expects PREFIX=>LABEL or re:REGEX=>LABEL, got '${v}'`);
        edits.push(['rewrite', v]);
        break;
      case 'custom-file':
        edits.push(['custom-file', v]);
        break;
      case 'thresholds':
        edits.push(['thresholds-file', v]);
        break;
      case 'time':
        try {
          parseTimeWindow(v);
        } catch (e) {
          throw new CliError(`--time: ${(e as Error).message}`);
        }
        edits.push(['time', v]);
        break;
      case 'raw':
        edits.push(['raw', '1']);
        break;
      case 'hide-unassigned':
        edits.push(['unassigned', 'hide']);
        break;
      case 'system':
        if (!['auto', 'show', 'collapse', 'hide'].includes(v)) throw new CliError(`--system expects auto, show, collapse or hide, got '${v}'`);
        edits.push(['system', v]);
        break;
      case 'pids':
        if (v !== 'normalise' && v !== 'raw') throw new CliError(`--pids expects normalise or raw, got '${v}'`);
        edits.push(['pids', v]);
        break;
      case 'keep-with':
      case 'keep-without':
        if (v === '') throw new CliError(`${g.raw} needs an activity`);
        edits.push(['keep', `${g.name.slice(5)}:${v}`]);
        break;
      case 'keep-cases':
        if (!parseIdList(v).length) throw new CliError(`${g.raw} needs at least one case id`);
        edits.push(['keep', `cases:${v}`]);
        break;
    }
  }
  const out: ViewArgs = { depth: depth === undefined ? undefined : intArg('--depth', depth, 0), filters, partition: partitionArgs(p), casePerPid: has(p, 'case-per-pid') };
  const view = last(p, 'view');
  if (view !== undefined) out.view = view;
  if (edits.length) out.edits = edits;
  return out;
}

/** The view to analyse: `--view`, then the options (single values replace, lists add, keep filters append). */
export function cliView(a: ViewArgs): View {
  let base: View;
  try {
    base = parseView(a.view ?? '');
  } catch (e) {
    throw new CliError(`--view: ${(e as Error).message}`);
  }
  const keys: [string, string][] = [];
  if (a.depth !== undefined) keys.push(['depth', String(a.depth)]);
  for (const f of a.filters) keys.push(['filter', f]);
  if (a.partition) keys.push(['green', a.partition.green], ['red', a.partition.red]);
  if (a.casePerPid) keys.push(['split', 'pid']);
  for (const [k, v] of a.edits ?? []) {
    if (k !== 'custom-file' && k !== 'thresholds-file') keys.push([k, v]);
    else {
      const opt = k === 'custom-file' ? '--custom-file' : '--thresholds';
      try {
        keys.push([k === 'custom-file' ? 'custom' : 'thresholds', readFileSync(v, 'utf8')]);
      } catch (e) {
        throw new CliError(`${opt} ${v}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
    }
  }
  return applyKeys(base, keys);
}

/** The report's partition label for a view (the options' own label when they set the partition). */
export function partitionLabel(a: ViewArgs, v: View): string | null {
  if (a.partition) return a.partition.label;
  return v.green || v.red ? `green = ${v.green || 'none'}, red = ${v.red || 'none'}` : null;
}
