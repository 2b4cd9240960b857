/**
 * The mapping f: event → activity (docs/METHOD.md "Mapping"), compiled once per distinct (call, fp) pair of a log.
 * The activity of event i is then `activities[pairAct[log.pair[i]]]` (pairAct −1 = unmapped).
 * Evaluation order (docs/FORMATS.md, "Mapping, DFG and statistics"): call filters → path filters → system
 * files (collapsed to `call:(system)` or hidden) → custom function (if any) or the default
 * f̂ = call + ":" + trunc(rewrite(fp)). Per-process path parts are normalised before, on the log (pids.ts).
 */
import { visibleText } from '../lib/visible';
import type { EventLog } from '../model';
import { LAYER_SEP, pairLayers } from './layers/layered';
import { operationOf } from './operations';
import { SYSTEM_PATH, annotationKind, isSystemPath } from './systemFiles';
import { END, START, type MappingSpec, type PathFilter, type RewriteRule } from './types';

export { annotationKind };

/** A mapping that cannot be compiled or evaluated: bad regex, custom function that throws or returns junk. */
export class MappingError extends Error {
  override name = 'MappingError';
  constructor(
    message: string,
    readonly call: string | null = null,
    readonly fp: string | null = null,
  ) {
    super(message);
  }
}

export interface CompiledMapping {
  /** Distinct activity strings, in order of first appearance over the pair table. */
  activities: string[];
  /** Per pair of the log: index into `activities`, −1 = unmapped. */
  pairAct: Int32Array;
  /** How system files were mapped (`auto` resolved). */
  system: 'show' | 'collapse' | 'hide';
  /** Per pair: 1 when the call/path filters keep it and its fp is a system file. */
  pairSystem: Uint8Array;
  /** Per unmapped pair, why: LEFT_NO_FILE (first: whatever the filters say), LEFT_FILTERED (call or path filters), LEFT_SYSTEM (hidden
   * system file), LEFT_CUSTOM (the custom function returned null); 0 for mapped pairs. */
  pairLeftOut: Uint8Array;
}

export const LEFT_NO_FILE = 1;
export const LEFT_FILTERED = 2;
export const LEFT_SYSTEM = 3;
export const LEFT_CUSTOM = 4;

/** The argument of a custom mapping function. */
export interface CustomEvent {
  call: string;
  /** The raw fp ('' = none). */
  fp: string;
  /** What the default f̂ would put after `call:`: fp rewritten and truncated, `KIND` for `KIND:[…]`; null without fp. */
  path: string | null;
  /** Whether fp is a system file (only seen with system files shown; collapsed or hidden ones never reach the function). */
  system: boolean;
}

/**
 * Keeps the first `depth` components of a path (0 = all). `/usr/lib/x86_64-linux-gnu/libc.so.6` →
 * `/usr/lib`; relative paths keep the same number of components: `$SCRATCH/ssf/a` → `$SCRATCH/ssf`.
 * Empty components (`//`, trailing `/`) are ignored.
 */
export function truncPath(fp: string, depth: number): string {
  if (depth <= 0) return fp;
  const abs = fp.startsWith('/');
  const parts = fp.split('/').filter((s) => s !== '');
  if (parts.length === 0) return fp;
  return (abs ? '/' : '') + parts.slice(0, depth).join('/');
}

function compileRegex(pattern: string, what: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch (e) {
    throw new MappingError(`invalid regular expression in ${what}: /${pattern}/ (${(e as Error).message})`);
  }
}

type Matcher = (fp: string) => boolean;

/** A path filter as text: the substring, or `re:REGEX` (the view's text form, src/session/viewText.ts). */
export const filterText = (f: PathFilter): string => (f.kind === 'regex' ? `re:${f.pattern}` : f.pattern);

/** A rewrite as text: `PREFIX=>LABEL` or `re:REGEX=>LABEL` (the editor shows ` => `). */
export const rewriteText = (r: RewriteRule, sep = '=>'): string => `${r.kind === 'regex' ? 're:' : ''}${r.pattern}${sep}${r.label}`;

/** A path filter as a test of one fp (throws MappingError for a bad regex). */
export function compileFilter(f: PathFilter, what: string): Matcher {
  if (f.kind === 'regex') {
    const re = compileRegex(f.pattern, what);
    return (fp) => re.test(fp);
  }
  if (f.kind === 'substring') return (fp) => fp.includes(f.pattern);
  throw new MappingError(`unknown path filter kind '${String((f as PathFilter).kind)}' in ${what}`);
}

/** Expands `$$`, `$&`, `$1`…`$99`, `$<name>` of a replacement label with a regex match. */
function expandLabel(label: string, m: RegExpExecArray): string {
  return label.replace(/\$(\$|&|\d{1,2}|<([^>]*)>)/g, (tok, what: string, name: string | undefined) => {
    if (what === '$') return '$';
    if (what === '&') return m[0];
    if (name !== undefined) return m.groups?.[name] ?? '';
    const g = Number(what);
    if (g >= 1 && g < m.length) return m[g] ?? '';
    if (what.length === 2) {
      const g1 = Number(what[0]);
      if (g1 >= 1 && g1 < m.length) return (m[g1] ?? '') + what[1];
    }
    return tok;
  });
}

type Rewriter = (fp: string) => { text: string; final: boolean } | null;

/** A rewrite rule as a function of one fp: its text, or null when the rule does not apply (throws MappingError for a bad regex). */
export function compileRewrite(r: RewriteRule, what: string): Rewriter {
  if (r.kind === 'regex') {
    const re = compileRegex(r.pattern, what);
    return (fp) => {
      re.lastIndex = 0;
      const m = re.exec(fp);
      return m ? { text: expandLabel(r.label, m), final: true } : null;
    };
  }
  if (r.kind === 'prefix') {
    if (r.pattern === '') throw new MappingError(`empty prefix in ${what}`);
    const p = r.pattern.endsWith('/') && r.pattern.length > 1 ? r.pattern.slice(0, -1) : r.pattern;
    // component boundary: `/scratch/user` matches `/scratch/user` and `/scratch/user/x`, not `/scratch/username`
    return (fp) => (fp === p || fp.startsWith(p + '/') || (p === '/' && fp.startsWith('/')) ? { text: r.label + fp.slice(p === '/' ? 0 : p.length), final: false } : null);
  }
  throw new MappingError(`unknown rewrite kind '${String((r as RewriteRule).kind)}' in ${what}`);
}

type CustomFn = (e: CustomEvent) => unknown;

function compileCustom(src: string): CustomFn {
  let fn: unknown;
  try {
    fn = new Function(`"use strict"; return (${src}\n);`)();
  } catch (e) {
    throw new MappingError(`custom mapping does not compile: ${(e as Error).message}`);
  }
  if (typeof fn !== 'function') throw new MappingError(`custom mapping must be a function such as (e) => e.call + ':' + e.path, got ${typeof fn}`);
  return fn as CustomFn;
}

function validateSpec(spec: MappingSpec): void {
  if (!Number.isInteger(spec.depth) || spec.depth < 0) throw new MappingError(`depth must be an integer ≥ 0, got ${spec.depth}`);
}

/** The path part of the default f̂ for one fp (null = no fp). */
function defaultPath(fp: string, depth: number, rewriters: Rewriter[]): string | null {
  if (fp === '') return null;
  const kind = annotationKind(fp);
  if (kind !== null) return kind;
  for (const rw of rewriters) {
    const r = rw(fp);
    if (r) return r.final ? r.text : truncPath(r.text, depth);
  }
  return truncPath(fp, depth);
}

/** The regular expressions of a mapping as the user wrote them (`/…/`): what a stuck mapping names. */
export function mappingRegexes(spec: MappingSpec): string[] {
  const out: string[] = [];
  for (const f of [...spec.include, ...spec.exclude, ...spec.rewrites]) if (f.kind === 'regex') out.push(`/${f.pattern}/`);
  return out;
}

export interface MappingOptions {
  /**
   * Called every few thousand pairs with the pairs done so far: a heartbeat while the filters and rewrites
   * run (the app's watchdog stops a mapping silent for seconds: a regex that backtracks catastrophically).
   */
  tick?: (done: number, total: number) => void;
  /**
   * The custom function to call instead of compiling `spec.custom` here (the app evaluates user code in a
   * sandbox worker and hands over the answers it recorded).
   */
  custom?: (e: CustomEvent) => unknown;
}

/** Pairs between two heartbeats. */
const TICK = 1024;

/** Compiles `spec` against the pair table of `log`: one evaluation per distinct (call, fp). */
export function compileMapping(log: EventLog, spec: MappingSpec, opts: MappingOptions = {}): CompiledMapping {
  validateSpec(spec);
  const include = spec.include.map((f, i) => compileFilter(f, `include filter ${i + 1}`));
  const exclude = spec.exclude.map((f, i) => compileFilter(f, `exclude filter ${i + 1}`));
  const rewriters = spec.rewrites.map((r, i) => compileRewrite(r, `rewrite rule ${i + 1}`));
  const custom = spec.custom !== null && spec.custom.trim() !== '' ? (opts.custom ?? compileCustom(spec.custom)) : null;
  const tick = opts.tick;
  const keepCalls = spec.calls.length ? new Set(spec.calls) : null;
  const dropCalls = new Set(spec.excludeCalls);

  // per call and per fp decisions are shared by many pairs
  const callOk = log.calls.map((c) => (keepCalls === null || keepCalls.has(c)) && !dropCalls.has(c));
  const fpOk = new Uint8Array(log.paths.length);
  const fpPath: (string | null | undefined)[] = new Array<string | null | undefined>(log.paths.length);
  const fpState = (f: number): boolean => {
    if (fpOk[f] === 0) {
      const fp = log.paths[f];
      let ok = include.length === 0 || include.some((m) => m(fp));
      if (ok && exclude.some((m) => m(fp))) ok = false;
      fpOk[f] = ok ? 1 : 2;
    }
    return fpOk[f] === 1;
  };

  // the call-name meeting point (analysis/operations.ts): the activity names the operation
  const callName = spec.ops ? log.calls.map(operationOf) : log.calls;
  const nPairs = log.pairCall.length;
  // pass 1: which pairs the filters keep, which of those are system files, whether any is a user file
  const keep = new Uint8Array(nPairs); // 0 dropped, 1 kept, 2 kept and a system file
  const fpSys = new Uint8Array(log.paths.length); // 0 unknown, 1 user/none, 2 system
  let userFiles = false;
  for (let p = 0; p < nPairs; p++) {
    if (tick && p % TICK === 0) tick(p, 2 * nPairs);
    const f = log.pairFp[p];
    if (!callOk[log.pairCall[p]] || !fpState(f)) continue;
    if (fpSys[f] === 0) fpSys[f] = isSystemPath(log.paths[f]) ? 2 : 1;
    keep[p] = fpSys[f];
    if (fpSys[f] === 1 && f !== 0) userFiles = true;
  }
  const system = resolveSystemMode(spec.system, userFiles);

  const pairAct = new Int32Array(nPairs).fill(-1);
  const activities: string[] = [];
  const index = new Map<string, number>();
  // a layered log (analysis/layers/layered.ts): each pair's layer goes before its activity
  const layered = pairLayers(log);
  for (let p = 0; p < nPairs; p++) {
    if (tick && p % TICK === 0) tick(nPairs + p, 2 * nPairs);
    if (keep[p] === 0) continue;
    const c = log.pairCall[p];
    const f = log.pairFp[p];
    const sys = keep[p] === 2;
    if (sys && system === 'hide') continue;
    const call = callName[c];
    let path = fpPath[f];
    if (path === undefined) fpPath[f] = path = defaultPath(log.paths[f], spec.depth, rewriters);
    let act: string | null;
    if (sys && system === 'collapse') {
      act = `${call}:${SYSTEM_PATH}`;
    } else if (custom) {
      const fp = log.paths[f];
      let r: unknown;
      try {
        r = custom({ call, fp, path, system: sys });
      } catch (e) {
        throw new MappingError(`custom mapping threw for (${call}, ${JSON.stringify(fp)}): ${e instanceof Error ? e.message : String(e)}`, call, fp);
      }
      if (r !== null && typeof r !== 'string') {
        throw new MappingError(`custom mapping returned ${r === undefined ? 'undefined' : typeof r} for (${call}, ${JSON.stringify(fp)}); return a string, or null to leave the event unmapped`, call, fp);
      }
      act = r === '' ? null : r;
    } else {
      act = path === null ? null : `${call}:${path}`;
    }
    if (act === null) continue;
    if (layered) act = `${layered.names[layered.layer[p]]}${LAYER_SEP}${act}`;
    act = visibleText(act); // trace content shown as data: no invisible or reordering characters
    if (act === START || act === END) throw new MappingError(`activity name ${act} is reserved for the start/end of a trace`, call, log.paths[f]);
    let a = index.get(act);
    if (a === undefined) {
      a = activities.length;
      activities.push(act);
      index.set(act, a);
    }
    pairAct[p] = a;
  }
  const pairSystem = new Uint8Array(nPairs);
  const pairLeftOut = new Uint8Array(nPairs);
  for (let p = 0; p < nPairs; p++) {
    pairSystem[p] = keep[p] === 2 ? 1 : 0;
    if (pairAct[p] >= 0) continue;
    pairLeftOut[p] = log.pairFp[p] === 0 ? LEFT_NO_FILE : keep[p] === 0 ? LEFT_FILTERED : keep[p] === 2 && system === 'hide' ? LEFT_SYSTEM : LEFT_CUSTOM;
  }
  return { activities, pairAct, system, pairSystem, pairLeftOut };
}

/** `auto` (or absent → `show`, the plain mapping) resolved: hide when the trace touches user files. */
export function resolveSystemMode(mode: MappingSpec['system'], userFiles: boolean): 'show' | 'collapse' | 'hide' {
  if (mode === undefined || mode === 'show') return 'show';
  if (mode === 'auto') return userFiles ? 'hide' : 'show';
  if (mode === 'collapse' || mode === 'hide') return mode;
  throw new MappingError(`unknown system-files mode '${String(mode)}' (auto, show, collapse or hide)`);
}
