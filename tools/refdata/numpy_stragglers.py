# Reference values for the straggler rule (docs/METHOD.md "Stragglers"): per list, numpy's mean, population
# standard deviation and the indices of the values above mean + 1 sigma.
# Debian packages: python3-numpy
# stdin: [[x, ...], ...]; prints [[mean, std, [i, ...]], ...]
import json
import sys

import numpy as np

out = []
for v in json.load(sys.stdin):
    a = np.array(v)
    out.append([float(a.mean()), float(a.std()), [int(i) for i in np.nonzero(a > a.mean() + a.std())[0]]])
print(json.dumps(out))
