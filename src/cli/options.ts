/**
 * Command-line options with `node:util` parseArgs (tokens, so that the order of repeated view options is
 * kept and every error gets a precise message), and the option groups shared by subcommands.
 */
import { parseArgs as nodeParseArgs } from 'node:util';
import { CliError } from './errors';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The value's name in --help (`N`, `SEL`, …); booleans have none. */
  value?: string;
  help: string;
}
export type OptionTable = Record<string, OptionSpec>;

/** Loading: every subcommand that reads traces. */
export const LOAD_OPTIONS: OptionTable = {
  'case-per-pid': { type: 'boolean', help: 'one case per (file, pid) instead of one per file (the view key split=pid)' },
  jobs: { type: 'string', value: 'N', help: 'parse on N threads (default: the cores, at most 8; 1 = no threads)' },
};

/**
 * The view: the mapping, the partition and the case filters, as options; each is a key of the view text
 * form (src/session/view.ts, docs/FORMATS.md), and `--view` takes a whole link's view.
 */
export const VIEW_OPTIONS: OptionTable = {
  view: { type: 'string', value: "'#KEY=V&…'", help: "a view as the app's link carries it (`v=1&depth=3&green=cid:a…`); the options below apply after it" },
  depth: { type: 'string', value: 'N', help: 'path components kept in an activity, 0 to 99 (default 2: /usr/lib/x/libc.so → /usr/lib; 0 = the whole path)' },
  raw: { type: 'boolean', help: "the paper's plain mapping: system files shown, per-process paths raw (= --system show --pids raw)" },
  system: { type: 'string', value: 'MODE', help: 'system files (/usr, /lib*, /etc, /proc, /sys, /dev, /run, pipes, sockets, MPI session dirs): auto (default: hidden when the trace touches other files), show, collapse (one call:(system) per call) or hide' },
  pids: { type: 'string', value: 'MODE', help: 'per-process paths: normalise (default: /proc/<pid>, and a component equal to the case\'s pid or rid → PID) or raw' },
  filter: { type: 'string', multiple: true, value: 'SUBSTR', help: 'keep only events whose path contains SUBSTR, or matches re:REGEX (repeat: any of them)' },
  exclude: { type: 'string', multiple: true, value: 'SUBSTR', help: 'drop events whose path contains SUBSTR or matches re:REGEX (repeat)' },
  calls: { type: 'string', value: 'C,C', help: 'keep only these system calls' },
  xcalls: { type: 'string', value: 'C,C', help: 'drop these system calls' },
  rewrite: { type: 'string', multiple: true, value: "'P => L'", help: 'rewrite paths: prefix P (or re:REGEX) becomes label L (repeat; blanks around => are ignored, as in the app)' },
  'custom-file': { type: 'string', value: 'FILE', help: 'a custom mapping: a JS function (e) => string | null, e = {call, fp, path, system}; it runs in a sandbox (no files, processes, network or modules; 512 MB beyond its inputs; 30 s)' },
  'allow-custom': { type: 'boolean', help: 'run the custom mapping code a --view text carries (never without this: read a link from someone else first); it runs in the same sandbox' },
  'by-layer': { type: 'boolean', help: 'the layer of each call (strace -k stacks, Darshan/OTF2 layers) before its activity: hdf5 › pwrite64:/scratch (the view key layer=1)' },
  ops: { type: 'boolean', help: "calls named by their operation (read, write, open, seek, sync, stat): strace's pwrite64 and Darshan's POSIX write are both write, so a Darshan log and strace traces compare (the view key ops=1)" },
  'layer-rule': { type: 'string', multiple: true, value: "'NAME bin=RE sym=RE'", help: 'a layer rule before the built-in table: frames of that binary and/or symbol are layer NAME (repeat; docs/METHOD.md "Layers")' },
  'layer-rules': { type: 'string', value: 'FILE', help: 'layer rules, one a line (# comments), as --layer-rule' },
  green: { type: 'string', value: 'SEL', help: 'green cases: cid:C, host:H, re:REGEX (over case ids), ids:ID,ID — or a plain list ID,ID' },
  red: { type: 'string', value: 'SEL', help: 'red cases, as for --green' },
  'green-cid': { type: 'string', value: 'C', help: 'the same as --green cid:C (with --red-cid)' },
  'red-cid': { type: 'string', value: 'C', help: 'the same as --red cid:C' },
  'hide-unassigned': { type: 'boolean', help: 'with --green/--red: analyse only the green and the red cases (the view key unassigned=hide)' },
  'keep-with': { type: 'string', multiple: true, value: 'ACT', help: 'keep only the cases that contain activity ACT (repeat; applied in order)' },
  'keep-without': { type: 'string', multiple: true, value: 'ACT', help: 'keep only the cases that do not contain ACT' },
  'keep-cases': { type: 'string', multiple: true, value: 'ID,ID', help: 'keep exactly these cases (e.g. one variant\'s; `\\,` is a comma inside an id)' },
  thresholds: { type: 'string', value: 'FILE', help: 'insight thresholds to change, as JSON: {"small_requests": 0.2, "alignment": 4194304} (docs/METHOD.md "Insights")' },
  time: { type: 'string', value: 'FROM..TO', help: 'keep the events with FROM ≤ start − t0 < TO, seconds since the first event of all cases (either side may be empty: ..2.5, 10..)' },
};

export const HELP_OPTION: OptionTable = { help: { type: 'boolean', short: 'h', help: 'this help' } };

/** One option as given, in command-line order. */
export interface Given {
  name: string;
  raw: string;
  value: string | undefined;
}

export interface ParsedLine {
  given: Given[];
  positionals: string[];
  help: boolean;
}

/**
 * Reads argv (after the subcommand) against `own` options; `others` are the options of other subcommands,
 * named in the error when used with the wrong one.
 */
export function readOptions(command: string, argv: readonly string[], own: OptionTable, others: Record<string, OptionTable>): ParsedLine {
  const all: OptionTable = { ...own };
  for (const t of Object.values(others)) for (const [k, v] of Object.entries(t)) all[k] ??= v;
  const { tokens } = nodeParseArgs({
    args: [...argv],
    options: Object.fromEntries(Object.entries(all).map(([k, o]) => [k, { type: o.type, ...(o.short ? { short: o.short } : {}) }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const given: Given[] = [];
  const positionals: string[] = [];
  let help = false;
  for (const t of tokens) {
    if (t.kind === 'positional') positionals.push(t.value);
    if (t.kind !== 'option') continue;
    if (t.name === 'help' || t.rawName === '-h') {
      help = true;
      continue;
    }
    const spec = own[t.name];
    if (!spec) {
      const owner = Object.entries(others).find(([, table]) => t.name in table)?.[0];
      if (owner) throw new CliError(`${t.rawName} is an option of ${owner}, not ${command}`);
      throw new CliError(`unknown option '${t.rawName}' (see strace-dfg --help)`);
    }
    if (spec.type === 'string' && t.value === undefined) throw new CliError(`${t.rawName} needs a value`);
    if (spec.type === 'boolean' && t.value !== undefined) throw new CliError(`${t.rawName} takes no value`);
    given.push({ name: t.name, raw: t.rawName, value: t.value });
  }
  return { given, positionals, help };
}

export function intArg(name: string, v: string, min: number): number {
  if (!/^\d+$/.test(v) || Number(v) < min) throw new CliError(`${name} expects an integer ≥ ${min}, got '${v}'`);
  return Number(v);
}

/** The last value of a string option, or undefined. */
export const last = (p: ParsedLine, name: string): string | undefined => p.given.filter((g) => g.name === name).pop()?.value;
export const has = (p: ParsedLine, name: string): boolean => p.given.some((g) => g.name === name);
export const all = (p: ParsedLine, name: string): string[] => p.given.filter((g) => g.name === name).map((g) => g.value!);

/** `--help` text of an option table. */
export function optionHelp(table: OptionTable): string[] {
  const rows = Object.entries(table).map(([k, o]) => [`${o.short ? `-${o.short}, ` : ''}--${k}${o.value ? ` ${o.value}` : ''}`, o.help]);
  const w = Math.min(24, Math.max(...rows.map((r) => r[0].length)));
  return rows.map(([a, b]) => (a.length > w ? `  ${a}\n  ${' '.repeat(w)}  ${b}` : `  ${a.padEnd(w)}  ${b}`));
}
