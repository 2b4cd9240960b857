/**
 * Like for like (docs/METHOD.md "Like for like"): files that play the same role on both sides in different
 * places — the shared file under /scratch/ssf and the files per process under /scratch/fpp — aligned
 * automatically, so that their calls can be compared: "pwrite64 takes 9.5× longer per call in green".
 * A place (the path part of an activity) is a candidate when every activity on it is found on one side only
 * and one of them is in every case of that side; a green place and a red place are aligned when the same
 * calls are made on both (equal sets of calls), one-to-one, the closest per-case call counts first. Each
 * alignment is proposed as two prefix rewrites to one label (the user accepts or undoes them), and compared
 * per call: per case (time in the call, U test) and per call (every call's duration, U test).
 */
import { truncPath } from '../mapping';
import { benjaminiHochberg, mannWhitneyU } from './stats';
import { callsOf, perCall, type CallDurations } from './percall';
import { splitActivity } from './structural';
import { SEPARATION_MIN, type Alignment, type AlignedCall, type CompareRow, type TestResult } from './types';

interface Place {
  place: string;
  side: 'green' | 'red';
  /** call → row */
  rows: Map<string, CompareRow>;
}

function places(rows: readonly CompareRow[], nG: number, nR: number): Place[] {
  const by = new Map<string, CompareRow[]>();
  for (const r of rows) {
    const [call, place] = splitActivity(r.id);
    if (place === '' || call === r.id || !place.startsWith('/')) continue;
    by.set(place, [...(by.get(place) ?? []), r]);
  }
  const out: Place[] = [];
  for (const [place, list] of by) {
    const side = list.every((r) => r.red.cases === 0) ? 'green' : list.every((r) => r.green.cases === 0) ? 'red' : null;
    if (!side || !list.some((r) => r[side].cases === (side === 'green' ? nG : nR))) continue;
    out.push({ place, side, rows: new Map(list.map((r) => [splitActivity(r.id)[0], r])) });
  }
  return out;
}

/** Σ over calls of |log(mean count per case green / red)|: 0 when the calls are made as often. */
function distance(g: Place, r: Place): number {
  let d = 0;
  for (const [call, gr] of g.rows) {
    const rr = r.rows.get(call)!;
    const a = gr.mean.count?.green ?? 0;
    const b = rr.mean.count?.red ?? 0;
    d += a > 0 && b > 0 ? Math.abs(Math.log(a / b)) : 10;
  }
  return d;
}

/** The label both places are rewritten to: their common leading components, then `{a|b}` of the rest. */
export function alignLabel(a: string, b: string): string {
  const x = a.split('/');
  const y = b.split('/');
  let i = 0;
  while (i < x.length - 1 && i < y.length - 1 && x[i] === y[i]) i++;
  // the differing rest of each inside the braces, its slashes as '·': the label stays one path component
  return `${x.slice(0, i).join('/')}/{${x.slice(i).join('·')}|${y.slice(i).join('·')}}`;
}

/** Whether a rewrite label is one alignLabel made (the app lists those as alignments it can undo). */
export const isAlignLabel = (label: string): boolean => /\{[^{}|]+\|[^{}|]+\}$/.test(label);

function caseTest(g: Float64Array, r: Float64Array): TestResult {
  if (g.length < 2 || r.length < 2) return { u: null, p: null, effect: null, q: null, method: null };
  const t = mannWhitneyU(g, r);
  const separated = Math.abs(t.effect) === 1 && g.length >= SEPARATION_MIN && r.length >= SEPARATION_MIN;
  return { u: t.u, p: t.p, effect: t.effect, q: null, method: t.method, ...(separated ? { separated } : {}) };
}

export function alignments(rows: readonly CompareRow[], nG: number, nR: number, depth: number, calls: CallDurations | null, index: ReadonlyMap<string, number>): Alignment[] {
  if (nG === 0 || nR === 0) return [];
  const ps = places(rows, nG, nR);
  const green = ps.filter((p) => p.side === 'green');
  const red = ps.filter((p) => p.side === 'red');
  const pairs: { g: Place; r: Place; d: number }[] = [];
  for (const g of green) {
    for (const r of red) {
      if (g.rows.size !== r.rows.size || g.rows.size < 2 || ![...g.rows.keys()].every((c) => r.rows.has(c))) continue;
      pairs.push({ g, r, d: distance(g, r) });
    }
  }
  pairs.sort((a, b) => a.d - b.d || (a.g.place < b.g.place ? -1 : a.g.place > b.g.place ? 1 : a.r.place < b.r.place ? -1 : 1));
  const taken = new Set<string>();
  const out: Alignment[] = [];
  for (const { g, r } of pairs) {
    if (taken.has(g.place) || taken.has(r.place)) continue;
    taken.add(g.place);
    taken.add(r.place);
    const label = truncPath(alignLabel(g.place, r.place), depth);
    const list: AlignedCall[] = [];
    for (const [call, gr] of g.rows) {
      const rr = r.rows.get(call)!;
      const time = gr.green.time && rr.red.time ? caseTest(gr.green.time, rr.red.time) : null;
      const pc = calls ? perCall(callsOf(calls, 0, index.get(gr.id)!), callsOf(calls, 1, index.get(rr.id)!)) : null;
      list.push({ call, green: gr.id, red: rr.id, count: { green: gr.mean.count?.green ?? 0, red: rr.mean.count?.red ?? 0 }, time: { green: gr.mean.time?.green ?? null, red: rr.mean.time?.red ?? null }, meanDur: { green: gr.green.meanDur, red: rr.red.meanDur }, test: time, perCall: pc });
    }
    // the most time first
    const t = (c: AlignedCall): number => (c.time.green ?? 0) + (c.time.red ?? 0);
    list.sort((a, b) => t(b) - t(a) || (a.call < b.call ? -1 : 1));
    out.push({ green: g.place, red: r.place, label, rewrites: [{ kind: 'prefix', pattern: g.place, label }, { kind: 'prefix', pattern: r.place, label }], calls: list, text: '' });
  }
  // q: the per-case tests of the aligned calls, one family; the per-call tests, another
  const cs = out.flatMap((a) => a.calls);
  const q1 = benjaminiHochberg(cs.map((c) => c.test?.p ?? null));
  const q2 = benjaminiHochberg(cs.map((c) => c.perCall?.test.p ?? null));
  cs.forEach((c, i) => {
    if (c.test) c.test.q = q1[i];
    if (c.perCall) c.perCall.test.q = q2[i];
  });
  return out;
}
