#!/usr/bin/python3
"""Convert the CLI's --json document (docs/FORMATS.md) into the AnalysisResult shape the graph panel takes.

Per-edge and per-node case counts and the partition sides are recomputed from the variants (each variant
lists its case ids); the case's cid is the file-name prefix before the first '_'. meanGap and dur are not
in the CLI JSON and are written as null. Variants are dropped from the output to keep the fixture small.
usage: cli2result.py CLI.json GREEN_CID RED_CID > out.json
"""
import json
import sys

START, END = '\u25cf', '\u25a0'
doc = json.load(open(sys.argv[1]))
green_cid, red_cid = sys.argv[2], sys.argv[3]

edge_cases, node_cases = {}, {}
sides_n, sides_e = {}, {}  # id -> set of 'g'/'r'/'u'
for v in doc['variants']:
    trace = v['trace']
    for case in v['cases']:
        cid = case.split('_', 1)[0]
        s = 'g' if cid == green_cid else 'r' if cid == red_cid else 'u'
        for a in set(trace):
            node_cases[a] = node_cases.get(a, 0) + 1
            sides_n.setdefault(a, set()).add(s)
        for k in {f'{a} -> {b}' for a, b in zip(trace, trace[1:])}:
            edge_cases[k] = edge_cases.get(k, 0) + 1
            sides_e.setdefault(k, set()).add(s)


def side(bits):
    g, r = 'g' in bits, 'r' in bits
    return 'both' if g and r else 'green' if g else 'red' if r else 'neither'


nodes = [{'id': a, 'count': s['count'], 'dur': None, 'rd': s['rd'], 'bytes': s['bytes'], 'dr': s['dr'], 'mc': s['mc'],
          'DR': s['DR'], 'cases': node_cases.get(a, 0)} for a, s in doc['nodes'].items()]
edges = []
for k, count in doc['edges'].items():
    a, b = k.split(' -> ')  # activities from these fixtures contain no ' -> '
    edges.append({'source': a, 'target': b, 'count': count, 'cases': edge_cases.get(k, 0), 'meanGap': None})
green = sum(len([c for c in v['cases'] if c.split('_', 1)[0] == green_cid]) for v in doc['variants'])
red = sum(len([c for c in v['cases'] if c.split('_', 1)[0] == red_cid]) for v in doc['variants'])
part = {'greenCases': green, 'redCases': red,
        'nodes': {a: {'side': side(b), 'green': int('g' in b), 'red': int('r' in b)} for a, b in sides_n.items()},
        'edges': {k: {'side': side(b), 'green': int('g' in b), 'red': int('r' in b)} for k, b in sides_e.items()}}
# cross-check with the CLI's own partition lists
cp = doc['partition']
assert sorted(cp['green_nodes']) == sorted(a for a, b in sides_n.items() if side(b) == 'green' and a not in (START, END))
assert sorted(cp['red_edges']) == sorted(k for k, b in sides_e.items() if side(b) == 'red')
json.dump({'cases': doc['cases'], 'events': doc['events'], 'unmapped': 0, 'nodes': nodes, 'edges': edges, 'variants': [],
           'partition': part, 'hasDurations': True, 'hasTimestamps': True, 'hosts': 1}, sys.stdout, ensure_ascii=False)
