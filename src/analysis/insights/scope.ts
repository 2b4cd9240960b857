/**
 * Scopes of the insight rules: the cases a rule judges together. The rules that compare cases or add up
 * one file over cases (imbalance, stragglers, redundancy, shared files: `Rule.perRun`) judge one run at a
 * time — the cases of one command (cid), or one side of a partition — never two jobs loaded together
 * (docs/METHOD.md "Insights", "Runs").
 */
import type { InsightsContext } from './context';
import { NF, R_RBYTES, R_WBYTES } from './fields';

export interface Scope {
  name: 'all' | 'green' | 'red';
  /** Case sides (0 none, 1 green, 2 red) in the scope. */
  sides: number[];
  /** Case indices in the scope. */
  cases: number[];
  /** Per case: in the scope. */
  has: Uint8Array;
  /** The run (cid) when the scope is one of several runs loaded together; null otherwise. */
  run: string | null;
}

export function makeScope(name: Scope['name'], caseSide: Uint8Array, sides: number[]): Scope {
  const K = caseSide.length;
  const has = new Uint8Array(K);
  const cases: number[] = [];
  for (let k = 0; k < K; k++) {
    if (sides.includes(caseSide[k])) {
      has[k] = 1;
      cases.push(k);
    }
  }
  return { name, sides, cases, has, run: null };
}

/** A scope of some cases of `of` (same name and sides). */
export function scopeOf(of: Scope, cases: readonly number[], run: string | null = of.run): Scope {
  const has = new Uint8Array(of.has.length);
  for (const k of cases) has[k] = 1;
  return { name: of.name, sides: of.sides, cases: [...cases], has, run };
}

/** The runs of a scope: its cases grouped by cid (one scope, run null, when they are all of one cid). */
export function runsOf(ctx: InsightsContext, scope: Scope): Scope[] {
  const by = new Map<string, number[]>();
  for (const k of scope.cases) {
    const cid = ctx.log.cases[k].cid;
    let l = by.get(cid);
    if (!l) by.set(cid, (l = []));
    l.push(k);
  }
  if (by.size <= 1) return [scope];
  return [...by].map(([cid, ks]) => scopeOf(scope, ks, cid));
}

export interface ScopeTotals {
  /** Σ of the cases' wall times (first start → last end) and traced times (union of the calls). */
  wall: number;
  traced: number;
  /** Bytes read and written to the application's files. */
  bytes: number;
}

/** Σ over the scope's cases (the denominators of a finding's cost share and of materiality). */
export function scopeTotals(ctx: InsightsContext, scope: Scope): ScopeTotals {
  let wall = 0;
  let traced = 0;
  for (const k of scope.cases) {
    wall += ctx.caseWall[k];
    traced += ctx.caseTraced[k];
  }
  let bytes = 0;
  for (let r = 0; r < ctx.nRec; r++) {
    if (scope.has[ctx.recCase[r]] && ctx.appFile[ctx.recFp[r]]) bytes += ctx.rec[r * NF + R_RBYTES] + ctx.rec[r * NF + R_WBYTES];
  }
  return { wall, traced, bytes };
}
