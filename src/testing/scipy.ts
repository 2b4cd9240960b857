/**
 * SciPy's answers (Debian's /usr/bin/python3 with python3-scipy, 1.10 on Debian 12) on samples, for
 * cross-checking the statistics of src/analysis/compare: committed reference values made by
 * tools/refdata/scipy_stats.py (src/testing/refdata.ts).
 */
import type { ReferenceValues } from './refdata';

export interface ScipyMwu {
  u: number;
  p: number;
  /** Cliff's delta counted pair by pair with numpy (independent of U). */
  cliff: number;
}

export interface ScipyRequest {
  pairs?: [number[], number[]][];
  bh?: number[][];
  sf?: number[];
}

export function scipy(refs: ReferenceValues, name: string, req: ScipyRequest): { mwu: ScipyMwu[]; bh: number[][]; sf: number[] } {
  return refs.get(name, 'tools/refdata/scipy_stats.py', { stdin: { pairs: req.pairs ?? [], bh: req.bh ?? [], sf: req.sf ?? [] } });
}

/** |a − b| ≤ tol·max(|a|, |b|) (or both 0). */
export function relClose(a: number, b: number, tol = 1e-12): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b));
}
