/**
 * Runs SciPy (Debian's /usr/bin/python3 with python3-scipy, 1.10 on Debian 12) on samples, for cross-checking the
 * statistics of src/analysis/compare. Throws (the test fails) when python3 or SciPy is missing.
 */
import { spawnSync } from 'node:child_process';

export interface ScipyMwu {
  u: number;
  p: number;
  /** Cliff's delta counted pair by pair with numpy (independent of U). */
  cliff: number;
}

const SCRIPT = `
import json, sys
import numpy as np
from scipy.stats import mannwhitneyu, norm
def bh(ps):
    # R's p.adjust(method="BH"); scipy.stats.false_discovery_control is newer than Debian 12's SciPy 1.10
    p = np.asarray(ps, float)
    m = len(p)
    o = np.argsort(p, kind='stable')[::-1]
    q = np.minimum(1, np.minimum.accumulate(p[o] * m / np.arange(m, 0, -1)))
    out = np.empty(m)
    out[o] = q
    return out
req = json.load(sys.stdin)
out = {'mwu': [], 'bh': [], 'sf': []}
for x, y in req['pairs']:
    r = mannwhitneyu(x, y, alternative='two-sided', method='auto')
    d = np.sign(np.subtract.outer(np.asarray(y, float), np.asarray(x, float)))
    out['mwu'].append({'u': float(r.statistic), 'p': float(r.pvalue), 'cliff': float(d.mean())})
for ps in req['bh']:
    out['bh'].append([float(q) for q in bh(ps)])
out['sf'] = [float(norm.sf(z)) for z in req['sf']]
print(json.dumps(out))
`;

export interface ScipyRequest {
  pairs?: [number[], number[]][];
  bh?: number[][];
  sf?: number[];
}

export function scipy(req: ScipyRequest): { mwu: ScipyMwu[]; bh: number[][]; sf: number[] } {
  const r = spawnSync('/usr/bin/python3', ['-c', SCRIPT], {
    input: JSON.stringify({ pairs: req.pairs ?? [], bh: req.bh ?? [], sf: req.sf ?? [] }),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.error) throw new Error(`cannot run /usr/bin/python3 (install python3-scipy): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`python3 + scipy failed (install python3-scipy): ${r.stderr}`);
  return JSON.parse(r.stdout) as { mwu: ScipyMwu[]; bh: number[][]; sf: number[] };
}

/** |a − b| ≤ tol·max(|a|, |b|) (or both 0). */
export function relClose(a: number, b: number, tol = 1e-12): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b));
}
