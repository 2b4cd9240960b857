/**
 * The layer, call site and library entry of each distinct stack of a log (docs/METHOD.md "Layers"), by the
 * rule table (rules.ts): computed once per stack table and rule set, then read per event through the stack
 * column. A log without stacks but with a layer column (Darshan DXT, OTF2) gives each event that layer.
 */
import type { EventLog } from '../../model';
import type { StackTable } from '../../model/stacks';
import { entryName, parseFrame, siteName, type Frame } from './frame';
import { APP, OTHER, UNKNOWN, layerRules, type LayerRule } from './rules';

/** What a log's events say about layers: the names, and per event its layer's index. */
export interface LayerInfo {
  /** Layer names: the table's layers met (in table order), other, app, the layer column's names, unknown. */
  names: string[];
  /** Per stack (stack column) or per value of the layer column: the index in `names`. */
  ofStack: Uint8Array | null;
  ofColumn: Uint8Array | null;
  /** Per stack: the call site (siteName) and the library entry (entryName); '' for none. Stack 0: ''. */
  site: string[];
  entry: string[];
  /** Per stack: the frame id of its call site (-1: none). */
  siteFrame: Int32Array;
  /** The index of UNKNOWN in names: events without a stack (and no layer column). */
  unknown: number;
}

/** The layer index of event i (a hot loop would inline this). */
export function layerOf(info: LayerInfo, log: EventLog, i: number): number {
  if (info.ofStack !== null && log.stack) {
    const s = log.stack[i];
    if (s !== 0 || info.ofColumn === null) return info.ofStack[s];
  }
  if (info.ofColumn !== null && log.layer) return info.ofColumn[log.layer[i]];
  return info.unknown;
}

/** Per stack, before names are given: the rule index of its layer, or OTHER_AT / APP_AT / NONE_AT. */
interface StackClass {
  rule: Int32Array;
  site: Int32Array;
  entry: Int32Array;
}
const OTHER_AT = -2;
const APP_AT = -3;
const NONE_AT = -4;

/** Each frame's rule (index, or -1) and whether it is a program's frame that no rule claims (an app frame). */
function frameClasses(frames: readonly Frame[], rules: readonly LayerRule[]): { rule: Int32Array; app: Uint8Array } {
  const rule = new Int32Array(frames.length).fill(-1);
  const app = new Uint8Array(frames.length);
  for (let f = 0; f < frames.length; f++) {
    const fr = frames[f];
    if (fr.error) continue;
    rule[f] = rules.findIndex((r) => r.match.some((m) => (!m.bin || m.bin.test(fr.base)) && (!m.sym || m.sym.test(fr.sym)) && (m.bin || m.sym)));
    if (rule[f] < 0 && fr.program) app[f] = 1;
  }
  return { rule, app };
}

function classifyStacks(t: StackTable, frames: readonly Frame[], rules: readonly LayerRule[]): StackClass {
  const { rule: fr, app } = frameClasses(frames, rules);
  const S = t.start.length - 1;
  const rule = new Int32Array(S).fill(NONE_AT);
  const site = new Int32Array(S).fill(-1);
  const entry = new Int32Array(S).fill(-1);
  for (let s = 1; s < S; s++) {
    let best = Infinity; // the lowest rule index met (the table's order is the priority)
    let other = false;
    let lastConsidered = -1;
    const a = t.start[s];
    const b = t.start[s + 1];
    let k = a;
    for (; k < b; k++) {
      const f = t.frame[k];
      if (app[f]) break;
      const r = fr[f];
      if (frames[f].error) continue;
      lastConsidered = f;
      if (r >= 0) {
        if (!rules[r].transparent && r < best) best = r;
      } else other = true;
    }
    for (let j = a; j < b; j++) {
      if (frames[t.frame[j]].program) {
        site[s] = t.frame[j];
        break;
      }
    }
    if (best !== Infinity) {
      rule[s] = best;
      entry[s] = entryOf(t, a, k, (f) => fr[f] === best, frames);
    } else if (other) {
      rule[s] = OTHER_AT;
      entry[s] = entryOf(t, a, k, (f) => fr[f] < 0 && !app[f], frames);
    } else {
      rule[s] = APP_AT;
      entry[s] = lastConsidered;
    }
  }
  return { rule, site, entry };
}

/**
 * The library entry among the frames [a, k) of a stack: the outermost frame of the innermost run of frames
 * `ofLayer` claims (a frame of another kind ends the run; errors are skipped). An interpreter's layer (its
 * frames are the program binary's: Python) has no entry of meaning there: its innermost frame is taken.
 */
function entryOf(t: StackTable, a: number, k: number, ofLayer: (f: number) => boolean, frames: readonly Frame[]): number {
  let j = a;
  while (j < k && !ofLayer(t.frame[j])) j++;
  if (j === k) return -1;
  const first = t.frame[j];
  if (frames[first].program) return first;
  let last = first;
  for (; j < k; j++) {
    const f = t.frame[j];
    if (frames[f].error) continue;
    if (!ofLayer(f)) break;
    last = f;
  }
  return last;
}

/**
 * The layers of a log's events under the user's rules (text, before the table), or null when the log has
 * neither stacks nor a layer column (a pass over the stack table, not the events). Throws LayerRuleError for a
 * bad rule.
 */
export function layerInfo(log: EventLog, userRules?: readonly string[]): LayerInfo | null {
  const t = log.stacks && log.stack ? log.stacks : null;
  const col = log.layer && log.layerNames ? log.layer : null;
  if (t === null && col === null) return null;
  return compute(log, t, col, layerRules(userRules));
}

function compute(log: EventLog, t: StackTable | null, col: Uint8Array | null, rules: readonly LayerRule[]): LayerInfo {
  const names: string[] = [];
  const id = (name: string): number => {
    let k = names.indexOf(name);
    if (k < 0) k = names.push(name) - 1;
    return k;
  };
  let ofStack: Uint8Array | null = null;
  let site: string[] = [''];
  let entry: string[] = [''];
  let siteFrame: Int32Array = new Int32Array(1).fill(-1);
  if (t !== null) {
    const frames = t.frames.map(parseFrame);
    const c = classifyStacks(t, frames, rules);
    const S = c.rule.length;
    // names in table order first (rule index order), then other, app, unknown
    const used = [...new Set(Array.from(c.rule).filter((r) => r >= 0))].sort((x, y) => x - y);
    for (const r of used) id(rules[r].layer);
    for (const n of [OTHER, APP]) id(n);
    ofStack = new Uint8Array(S);
    for (let s = 0; s < S; s++) {
      const r = c.rule[s];
      ofStack[s] = id(r >= 0 ? rules[r].layer : r === OTHER_AT ? OTHER : r === APP_AT ? APP : UNKNOWN);
    }
    site = Array.from(c.site, (f) => (f >= 0 ? siteName(frames[f]) : ''));
    entry = Array.from(c.entry, (f) => (f >= 0 ? entryName(frames[f]) : ''));
    siteFrame = c.site;
  }
  let ofColumn: Uint8Array | null = null;
  if (col !== null) ofColumn = Uint8Array.from(log.layerNames ?? [], (n) => id(n === '' ? UNKNOWN : n));
  const unknown = id(UNKNOWN);
  if (names.length > 256) throw new Error('more than 256 distinct layers');
  return { names, ofStack, ofColumn, site, entry, siteFrame, unknown };
}
