/**
 * The view the CLI analyses: `--view` (the app's link), then the view options in command-line order. Each
 * option is a key of the view text form, read by that key's strict parser (src/session/viewKeys.ts): a
 * value the key does not allow is a usage error (one line naming the option and what it allows, exit 2),
 * and the CLI accepts exactly what the app does. The typed values are applied to the view; nothing is
 * written back to text and read again.
 */
import { readFileSync } from 'node:fs';
import { DEPTH_MAX, idsSelector, parseFilter, parseIdList, readKeys, readView, ViewError, type View } from '../session/view';
import { BY_KEY, ViewValueError } from '../session/viewKeys';
import { CliError } from './errors';
import { all, has, last, type Given, type ParsedLine } from './options';

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
  /** The other view options as view keys with their values as given, in command-line order (undefined
   * when none); each value has passed its key's strict parser. */
  edits?: [string, string][];
  /** `--allow-custom`: custom mapping code that `--view` carries may run (in the sandbox). */
  allowCustom?: boolean;
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

/** The view key each view option sets, and its value as the key reads it (options read from a file: later). */
function keyOf(g: Given): [string, string] | null {
  const v = g.value ?? '';
  switch (g.name) {
    case 'exclude':
      if (v === '') throw new CliError('--exclude needs a non-empty substring');
      return ['exclude', v];
    case 'calls':
    case 'xcalls':
    case 'rewrite':
    case 'system':
    case 'pids':
    case 'time':
      return [g.name, v];
    case 'raw':
      return ['raw', '1'];
    case 'hide-unassigned':
      return ['unassigned', 'hide'];
    case 'keep-with':
    case 'keep-without':
      if (v === '') throw new CliError(`${g.raw} needs an activity`);
      return ['keep', `${g.name.slice(5)}:${v}`];
    case 'keep-cases':
      if (!parseIdList(v).length) throw new CliError(`${g.raw} needs at least one case id`);
      return ['keep', `cases:${v}`];
    case 'custom-file':
      return ['custom-file', v];
    case 'by-layer':
      return ['layer', '1'];
    case 'ops':
      return ['ops', '1'];
    case 'layer-rule':
      return ['lrule', v];
    case 'layer-rules':
      return ['layer-rules-file', v];
    case 'thresholds':
      return ['thresholds-file', v];
  }
  return null;
}

/** Checks a value with its key's strict parser: a usage error names the option (`--system expects …`). */
function checked(option: string, key: string, value: string): void {
  try {
    BY_KEY.get(key)!.parse(value);
  } catch (e) {
    if (e instanceof ViewValueError) throw new CliError(e.say(option, value));
    throw e;
  }
}

/** The view options of a command line (each value checked by its key; files are read later, by `cliView`). */
export function viewArgs(p: ParsedLine): ViewArgs {
  const depth = last(p, 'depth');
  const filters = all(p, 'filter');
  if (filters.some((f) => f === '')) throw new CliError('--filter needs a non-empty substring');
  const edits: [string, string][] = [];
  for (const g of p.given) {
    const kv = keyOf(g);
    if (!kv) continue;
    if (BY_KEY.has(kv[0])) checked(g.raw, kv[0], kv[1]);
    edits.push(kv);
  }
  const out: ViewArgs = { depth: depth === undefined ? undefined : depthArg(depth), filters, partition: partitionArgs(p), casePerPid: has(p, 'case-per-pid') };
  const view = last(p, 'view');
  if (view !== undefined) out.view = view;
  if (has(p, 'allow-custom')) out.allowCustom = true;
  if (edits.length) out.edits = edits;
  return out;
}

/** `--depth N`: an integer from 0 (the whole path) to DEPTH_MAX, as the depth key and the app's editor take. */
function depthArg(v: string): number {
  if (!/^\d+$/.test(v)) throw new CliError(`--depth expects an integer ≥ 0, got '${v}' (0 = the whole path, at most ${DEPTH_MAX})`);
  if (Number(v) > DEPTH_MAX) throw new CliError(`--depth expects an integer ≤ ${DEPTH_MAX}, got '${v}' (0 = the whole path)`);
  return Number(v);
}

function readText(option: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`${option} ${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** The rule text of the lines of a rules file (`--layer-rules`): one rule a line, blank lines and `#` comments skipped. */
export function ruleLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter((l) => l !== '');
}

/** A view option's value as the view reads it: a file option's value is the file's text (read now). */
interface OptionValue {
  key: string;
  value: string;
  /** The file option (`--custom-file`, `--layer-rules`, `--thresholds`) and the file it names. */
  file?: { option: string; path: string };
}

const FILE_OPTIONS: Record<string, [option: string, key: string]> = {
  'custom-file': ['--custom-file', 'custom'],
  'layer-rules-file': ['--layer-rules', 'lrule'],
  'thresholds-file': ['--thresholds', 'thresholds'],
};

/**
 * The view options with the files they name read (custom code, layer rules, thresholds), in command-line
 * order: everything the view takes from disk, read before anything is parsed (a file that cannot be read is
 * reported before a bad `--view`).
 */
export function readViewFiles(a: ViewArgs): OptionValue[] {
  return (a.edits ?? []).map(([k, v]): OptionValue => {
    const f = FILE_OPTIONS[k];
    return f ? { key: f[1], value: readText(f[0], v), file: { option: f[0], path: v } } : { key: k, value: v };
  });
}

/** The view keys of the options (a rules file: one key a rule), each file's value checked by its key. */
function optionKeys(values: readonly OptionValue[]): [string, string][] {
  const keys: [string, string][] = [];
  for (const { key, value, file } of values) {
    if (key === 'lrule' && file) {
      for (const rule of ruleLines(value)) {
        checked(`--layer-rules ${file.path}`, key, rule);
        keys.push([key, rule]);
      }
      continue;
    }
    if (key === 'thresholds' && file) checked(file.option, key, value);
    keys.push([key, value]);
  }
  return keys;
}

/**
 * The view to analyse: `--view`, then the options (single values replace, lists add, keep filters append),
 * with the files the options name as `readViewFiles` read them.
 */
export function cliView(a: ViewArgs, files: readonly OptionValue[]): View {
  const keys = optionKeys(files);
  let view: View;
  try {
    view = readView(a.view ?? '', 'strict').view;
  } catch (e) {
    if (e instanceof ViewError) throw new CliError(`--view: ${e.message}`);
    throw e;
  }
  if (a.depth !== undefined) view.mapping.depth = a.depth;
  for (const f of a.filters) view.mapping.include.push(parseFilter(f));
  if (a.partition) {
    view.green = a.partition.green;
    view.red = a.partition.red;
  }
  if (a.casePerPid) view.splitByPid = true;
  const fromLink = view.mapping.custom;
  const out = readKeys(view, keys, 'strict').view;
  const custom = out.mapping.custom;
  if (custom !== null && custom.trim() !== '' && custom === fromLink && !a.allowCustom) {
    const lines = custom.split('\n').length;
    throw new CliError(`--view carries custom mapping code (${lines} line${lines === 1 ? '' : 's'}): it runs only with --allow-custom, in a sandbox (no files, processes, network or modules; 30 s). Read it first, e.g. in the app's consent box`);
  }
  return out;
}

/** The report's partition label for a view (the options' own label when they set the partition). */
export function partitionLabel(a: ViewArgs, v: View): string | null {
  if (a.partition) return a.partition.label;
  return v.green || v.red ? `green = ${v.green || 'none'}, red = ${v.red || 'none'}` : null;
}
