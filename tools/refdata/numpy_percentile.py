# Reference values: numpy.percentile(x, q) (default method "linear") of each list.
# Debian packages: python3-numpy
# stdin: {"q": 95, "lists": [[x, ...], ...]}; prints [p, ...]
import json
import sys

import numpy

d = json.load(sys.stdin)
print(json.dumps([float(numpy.percentile(x, d['q'])) for x in d['lists']]))
