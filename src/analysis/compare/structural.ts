/**
 * Structural differences of a comparison (docs/METHOD.md "Comparing green and red", "Structural
 * differences"): activities and edges present in EVERY case of one side and in NO case of the other, said
 * in one sentence per kind —
 * - `substitution`: on one place (the activity's path part) one side uses calls the other never does and
 *   vice versa: "red uses pwrite64, pread64 where green uses lseek, write, read on /scratch/x";
 * - `only`: the remaining one-side activities, one sentence per side and call: "red additionally reads
 *   /etc/passwd, /etc/group in all 3 red cases, none of the 3 green cases";
 * - `order`: one-side edges between activities both sides have (the same calls in another order).
 * Edges that touch a one-side activity follow from it and are not repeated. Activities aligned like for
 * like (align.ts) are left to that sentence. Pure: reads the rows of the comparison only.
 */
import type { CompareRow, StructuralDifference } from './types';

/** `call:place` → [call, place]; a layer prefix (`hdf5 › `) stays with the place. Else [id, '']. */
export function splitActivity(id: string): [string, string] {
  const m = /^((?:.* › )?)([A-Za-z_][A-Za-z0-9_]*):(.*)$/s.exec(id);
  return m ? [m[2], m[1] + m[3]] : [id, ''];
}

const VERBS: [RegExp, string][] = [
  [/^(read|pread64|readv|preadv2?|recv|recvfrom|recvmsg|aio_preadv?)$/, 'reads'],
  [/^(write|pwrite64|writev|pwritev2?|send|sendto|sendmsg|aio_pwritev?)$/, 'writes'],
  [/^(open|openat|openat2|creat)$/, 'opens'],
  [/^(close|close_range)$/, 'closes'],
  [/^(fsync|fdatasync|sync_file_range2?|syncfs)$/, 'syncs'],
  [/^(stat|lstat|fstat|newfstatat|statx|stat64|lstat64|fstat64|fstatat64)$/, 'stats'],
  [/^(unlink|unlinkat)$/, 'unlinks'],
  [/^(mkdir|mkdirat)$/, 'creates the directories'],
  [/^(getdents|getdents64)$/, 'lists'],
];

/** "reads", "writes", … or "calls fcntl on". */
export function verb(call: string): string {
  for (const [re, v] of VERBS) if (re.test(call)) return v;
  return `calls ${call} on`;
}

/** "a, b and c"; more than `max` names: "a, b, … and 7 more". */
export function nameList(names: readonly string[], max = 8): string {
  if (names.length <= 1) return names.join('');
  if (names.length > max) return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const cases = (n: number, side: string): string => (n === 1 ? `the 1 ${side} case` : `all ${n} ${side} cases`);
const none = (n: number, side: string): string => (n === 1 ? `not the ${side} case` : `none of the ${n} ${side} cases`);

/** One side's time in the row (Σ over its cases), for ordering the names: most time first. */
const weight = (r: CompareRow, s: 'green' | 'red'): number => r[s].totalTime ?? r[s].totalCount;

export function structuralDifferences(activities: readonly CompareRow[], edges: readonly CompareRow[], nG: number, nR: number, aligned: ReadonlySet<string> = new Set()): StructuralDifference[] {
  if (nG === 0 || nR === 0) return [];
  const only = (r: CompareRow): 'green' | 'red' | null => (r.green.cases === nG && r.red.cases === 0 ? 'green' : r.red.cases === nR && r.green.cases === 0 ? 'red' : null);
  const oneSide = activities.filter((r) => only(r) !== null && !aligned.has(r.id));
  const out: StructuralDifference[] = [];
  const n = { green: nG, red: nR };
  const other = { green: 'red', red: 'green' } as const;

  // substitutions: per place, the calls only green has and the calls only red has
  const byPlace = new Map<string, { green: CompareRow[]; red: CompareRow[] }>();
  for (const r of oneSide) {
    const [, place] = splitActivity(r.id);
    let e = byPlace.get(place);
    if (!e) byPlace.set(place, (e = { green: [], red: [] }));
    e[only(r)!].push(r);
  }
  const used = new Set<string>();
  const subs = new Map<string, { green: string[]; red: string[]; places: string[]; rows: CompareRow[] }>();
  for (const [place, e] of byPlace) {
    if (place === '' || !e.green.length || !e.red.length) continue;
    e.green.sort((a, b) => weight(b, 'green') - weight(a, 'green') || (a.id < b.id ? -1 : 1));
    e.red.sort((a, b) => weight(b, 'red') - weight(a, 'red') || (a.id < b.id ? -1 : 1));
    const g = e.green.map((r) => splitActivity(r.id)[0]);
    const r = e.red.map((x) => splitActivity(x.id)[0]);
    const key = `${g.join(',')}|${r.join(',')}`;
    let s = subs.get(key);
    if (!s) subs.set(key, (s = { green: g, red: r, places: [], rows: [] }));
    s.places.push(place);
    s.rows.push(...e.green, ...e.red);
  }
  for (const s of subs.values()) {
    for (const r of s.rows) used.add(r.id);
    out.push({
      kind: 'substitution',
      side: 'red',
      activities: s.rows.map((r) => r.id),
      edges: [],
      green: s.green,
      red: s.red,
      places: s.places,
      text: `red uses ${s.red.join(', ')} where green uses ${s.green.join(', ')} on ${nameList(s.places)}, in ${cases(nR, 'red')} and ${cases(nG, 'green')}`,
    });
  }

  // the other one-side activities: one sentence per side and call
  for (const side of ['red', 'green'] as const) {
    const byCall = new Map<string, CompareRow[]>();
    for (const r of oneSide) {
      if (only(r) !== side || used.has(r.id)) continue;
      const [call] = splitActivity(r.id);
      byCall.set(call, [...(byCall.get(call) ?? []), r]);
    }
    // calls on the same places are said together: "calls statfs, unlink and fcntl on /scratch/ior"
    const merged = new Map<string, { calls: string[]; rows: CompareRow[] }>();
    for (const [call, rows] of byCall) {
      rows.sort((a, b) => weight(b, side) - weight(a, side) || (a.id < b.id ? -1 : 1));
      const key = rows.map((r) => splitActivity(r.id)[1]).join('\n');
      const m = merged.get(key);
      if (m) {
        m.calls.push(call);
        m.rows.push(...rows);
      } else merged.set(key, { calls: [call], rows });
    }
    const total = (rows: CompareRow[]): number => rows.reduce((s, r) => s + weight(r, side), 0);
    const groups = [...merged.values()].sort((a, b) => total(b.rows) - total(a.rows) || (a.calls[0] < b.calls[0] ? -1 : 1));
    for (const { calls, rows } of groups) {
      const places = [...new Set(rows.map((r) => splitActivity(r.id)[1]))];
      const what = places.every((p) => p === '')
        ? `has ${nameList(rows.map((r) => r.id))}`
        : `${calls.length === 1 ? verb(calls[0]) : `calls ${nameList(calls)} on`} ${nameList(places.map((p) => p || '(no file)'))}`;
      out.push({
        kind: 'only',
        side,
        activities: rows.map((r) => r.id),
        edges: [],
        text: `${side} additionally ${what} in ${cases(n[side], side)}, ${none(n[other[side]], other[side])}`,
      });
    }
  }

  // one-side edges between activities both sides have: the same calls in another order
  const oneSideAct = new Set(activities.filter((r) => r.side !== 'both').map((r) => r.id));
  for (const side of ['red', 'green'] as const) {
    const rows = edges.filter((e) => only(e) === side && !oneSideAct.has(e.source!) && !oneSideAct.has(e.target!) && !aligned.has(e.source!) && !aligned.has(e.target!));
    if (!rows.length) continue;
    out.push({
      kind: 'order',
      side,
      activities: [],
      edges: rows.map((e) => e.id),
      text: `only ${side} goes ${nameList(rows.map((e) => `${e.source} → ${e.target}`))} (${cases(n[side], side)}, ${none(n[other[side]], other[side])})`,
    });
  }
  return out;
}
