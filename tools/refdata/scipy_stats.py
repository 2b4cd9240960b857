# Reference values for src/analysis/compare/stats.ts (via src/testing/scipy.ts): scipy.stats.mannwhitneyu
# (two-sided, method="auto"), Cliff's delta counted pair by pair with numpy, Benjamini-Hochberg as R's
# p.adjust(method="BH") written in numpy, and scipy.stats.norm.sf.
# Debian packages: python3-scipy
# stdin: {"pairs": [[x, y], ...], "bh": [[p, ...], ...], "sf": [z, ...]}
import json
import sys

import numpy as np
from scipy.stats import mannwhitneyu, norm


def bh(ps):
    # scipy.stats.false_discovery_control is newer than Debian 12's SciPy 1.10
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
