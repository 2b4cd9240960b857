/**
 * Per file of an insights scope, the sum of its records' fields (src/analysis/insights/context.ts), built
 * once per context and scope (kept by the context: `files`) and shared by the rules: a trace of 300k
 * distinct paths has 300k files, and 14 rule calls each rebuilding them took seconds.
 */
import type { InsightsContext } from './context';
import { NF, R_MAXDUR, R_MAX_R, R_MAX_W } from './fields';
import type { Scope } from './scope';

/** Per file of the scope: the sum of its records' fields and the cases that touched it. */
export interface FileAgg {
  fp: number;
  v: Float64Array;
  /** Case indices with a record of this file, and each one's record index. */
  cases: number[];
  recs: number[];
}

/** How many times the rules asked for the files, and how many times they were built (a test counts them). */
export const filesBuilt = { n: 0, asked: 0 };

function buildFiles(ctx: InsightsContext, scope: Scope): FileAgg[] {
  filesBuilt.n++;
  const { rec, recCase, recFp } = ctx;
  // the files in the order of their first record, then their sums in one buffer (a view each: 300k small
  // typed arrays of their own cost more than the sums)
  const at = new Int32Array(ctx.log.paths.length).fill(-1);
  let n = 0;
  for (let r = 0; r < ctx.nRec; r++) if (scope.has[recCase[r]] && at[recFp[r]] < 0) at[recFp[r]] = n++;
  const buf = new Float64Array(n * NF);
  const out = new Array<FileAgg>(n);
  for (let r = 0; r < ctx.nRec; r++) {
    const k = recCase[r];
    if (!scope.has[k]) continue;
    const f = recFp[r];
    const i = at[f];
    let g = out[i];
    if (g === undefined) {
      g = out[i] = { fp: f, v: buf.subarray(i * NF, (i + 1) * NF), cases: [], recs: [] };
      buf[i * NF + R_MAX_R] = -1;
      buf[i * NF + R_MAX_W] = -1;
    }
    const o = r * NF;
    const q = i * NF;
    for (let j = 0; j < R_MAX_R; j++) buf[q + j] += rec[o + j];
    if (rec[o + R_MAX_R] > buf[q + R_MAX_R]) buf[q + R_MAX_R] = rec[o + R_MAX_R];
    if (rec[o + R_MAX_W] > buf[q + R_MAX_W]) buf[q + R_MAX_W] = rec[o + R_MAX_W];
    if (rec[o + R_MAXDUR] > buf[q + R_MAXDUR]) buf[q + R_MAXDUR] = rec[o + R_MAXDUR];
    g.cases.push(k);
    g.recs.push(r);
  }
  return out;
}

/**
 * The files of the scope's records, in the order of their first record; `app`: only the files Darshan
 * records (what Drishti's rules see). Built once per context and scope: the rules share the aggregates and
 * must not change them (the array returned is their own).
 */
export function filesOf(ctx: InsightsContext, scope: Scope, app = false): FileAgg[] {
  filesBuilt.asked++;
  let c = ctx.files.get(scope);
  if (!c) ctx.files.set(scope, (c = { all: buildFiles(ctx, scope) }));
  const all = c.all;
  // the same aggregates, those of files Darshan records (in the same order)
  if (app && !c.app) c.app = all.filter((g) => ctx.appFile[g.fp]);
  return (app ? c.app! : all).slice();
}

/** The sum of one field over files (in file order). */
export function total(files: readonly FileAgg[], field: number): number {
  let s = 0;
  for (const g of files) s += g.v[field];
  return s;
}
