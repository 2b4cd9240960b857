/** Partition colouring (docs/METHOD.md "Colouring"): case selectors → PartitionSpec → per-case sides → node/edge sides. */
import type { EventLog } from '../model';
import { SIDE_GREEN, SIDE_RED } from './scan';
import type { PartitionSpec, Side } from './types';

const SELECTOR_HELP = 'use cid:CID, host:NAME, re:REGEX (over case ids) or ids:ID,ID';

function listSome(xs: Iterable<string>, max = 8): string {
  const a = [...new Set(xs)];
  return a.length <= max ? a.join(', ') : `${a.slice(0, max).join(', ')} … (${a.length} in all)`;
}

/**
 * The ids of an `ids:` selector's argument: split at commas; `\,` is a comma inside an id and `\\` a
 * backslash (docs/FORMATS.md "Case selectors"). Ids are trimmed; empty ones dropped.
 */
export function parseIdList(arg: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < arg.length; i++) {
    const c = arg[i];
    if (c === '\\' && i + 1 < arg.length && (arg[i + 1] === ',' || arg[i + 1] === '\\')) cur += arg[++i];
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** The `ids:` selector of a list of case ids (commas and backslashes escaped); '' for none. */
export function idsSelector(ids: Iterable<string>): string {
  const list = [...ids].map((id) => id.replace(/[\\,]/g, (c) => `\\${c}`));
  return list.length ? `ids:${list.join(',')}` : '';
}

/** The case ids selected by one selector (`cid:a`, `host:NAME`, `re:REGEX`, `ids:ID,ID`; '' = none). */
export function selectCases(log: EventLog, selector: string, sideName = 'selector'): string[] {
  const sel = selector.trim();
  if (sel === '') return [];
  const colon = sel.indexOf(':');
  const kind = colon < 0 ? '' : sel.slice(0, colon);
  const arg = colon < 0 ? '' : sel.slice(colon + 1);
  const cases = log.cases;
  let out: string[];
  switch (kind) {
    case 'cid':
      out = cases.filter((c) => c.cid === arg).map((c) => c.id);
      if (!out.length) throw new Error(`${sideName} ${sel}: no case has cid '${arg}' (cids: ${listSome(cases.map((c) => c.cid || '(none)'))})`);
      return out;
    case 'host':
      out = cases.filter((c) => c.host === arg).map((c) => c.id);
      if (!out.length) throw new Error(`${sideName} ${sel}: no case has host '${arg}' (hosts: ${listSome(cases.map((c) => c.host || '(none)'))})`);
      return out;
    case 're': {
      let re: RegExp;
      try {
        re = new RegExp(arg);
      } catch (e) {
        throw new Error(`${sideName} ${sel}: invalid regular expression (${(e as Error).message})`, { cause: e });
      }
      out = cases.filter((c) => re.test(c.id)).map((c) => c.id);
      if (!out.length) throw new Error(`${sideName} ${sel}: no case id matches /${arg}/ (case ids: ${listSome(cases.map((c) => c.id))})`);
      return out;
    }
    case 'ids': {
      const ids = parseIdList(arg);
      if (!ids.length) throw new Error(`${sideName} ${sel}: no case id given`);
      const known = new Set(cases.map((c) => c.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) throw new Error(`${sideName} ${sel}: unknown case id(s) ${listSome(missing)}`);
      return [...new Set(ids)];
    }
    default:
      throw new Error(`${sideName} '${sel}' is not a case selector: ${SELECTOR_HELP}`);
  }
}

/** Resolves the green and red selectors into case-id lists; a case on both sides is an error. */
export function resolvePartition(log: EventLog, green: string, red: string): PartitionSpec {
  const g = selectCases(log, green, 'green selector');
  const r = selectCases(log, red, 'red selector');
  const gs = new Set(g);
  const both = r.filter((id) => gs.has(id));
  if (both.length) throw new Error(`partition sides must be disjoint: ${listSome(both)} selected by both green (${green}) and red (${red})`);
  return { green: g, red: r };
}

/** Per case: SIDE_NONE / SIDE_GREEN / SIDE_RED. Unknown ids and overlapping sides are errors. */
export function caseSides(log: EventLog, spec: PartitionSpec): Uint8Array {
  const index = new Map<string, number>();
  log.cases.forEach((c, k) => index.set(c.id, k));
  const side = new Uint8Array(log.cases.length);
  const mark = (ids: readonly string[], v: number, name: string): void => {
    for (const id of ids) {
      const k = index.get(id);
      if (k === undefined) throw new Error(`partition: ${name} case '${id}' is not in the log`);
      if (side[k] !== 0 && side[k] !== v) throw new Error(`partition sides must be disjoint: case '${id}' is both green and red`);
      side[k] = v;
    }
  };
  mark(spec.green, SIDE_GREEN, 'green');
  mark(spec.red, SIDE_RED, 'red');
  return side;
}

export function sideOf(green: number, red: number): Side {
  if (green > 0) return red > 0 ? 'both' : 'green';
  return red > 0 ? 'red' : 'neither';
}
