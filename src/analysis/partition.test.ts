import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { CASES } from './__fixtures__/handLog';
import { resolvePartition, selectCases } from './partition';
import { tinyLog } from '../testing/tinyLog';
import { DEFAULT_MAPPING, END, START, edgeKey } from './types';

const log = tinyLog(CASES); // a_h1_1, a_h2_2 (cid a); b_h1_3, b_h1_4 (cid b)
const R = 'read:/usr/lib';
const P = 'read:/etc/passwd';
const W = 'write:/dev/pts';

describe('case selectors', () => {
  it('cid:, host:, re:, ids:', () => {
    expect(selectCases(log, 'cid:a')).toEqual(['a_h1_1', 'a_h2_2']);
    expect(selectCases(log, 'cid:b')).toEqual(['b_h1_3', 'b_h1_4']);
    expect(selectCases(log, 'host:h1')).toEqual(['a_h1_1', 'b_h1_3', 'b_h1_4']);
    expect(selectCases(log, 'host:h2')).toEqual(['a_h2_2']);
    expect(selectCases(log, 're:_[34]$')).toEqual(['b_h1_3', 'b_h1_4']);
    expect(selectCases(log, 're:^a_')).toEqual(['a_h1_1', 'a_h2_2']);
    expect(selectCases(log, 'ids:b_h1_4, a_h1_1')).toEqual(['b_h1_4', 'a_h1_1']);
    expect(selectCases(log, '  ')).toEqual([]);
  });
  it('clear errors for no match, unknown ids, bad regex, unknown kind', () => {
    expect(() => selectCases(log, 'cid:zz')).toThrow(/no case has cid 'zz' \(cids: a, b\)/);
    expect(() => selectCases(log, 'host:nope')).toThrow(/hosts: h1, h2/);
    expect(() => selectCases(log, 're:^x')).toThrow(/no case id matches/);
    expect(() => selectCases(log, 're:(')).toThrow(/invalid regular expression/);
    expect(() => selectCases(log, 'ids:a_h1_1,zz')).toThrow(/unknown case id\(s\) zz/);
    expect(() => selectCases(log, 'ids:')).toThrow(/no case id/);
    expect(() => selectCases(log, 'a_h1_1')).toThrow(/not a case selector: use cid:CID/);
  });
  it('resolvePartition: disjoint sides, overlap is an error naming the cases', () => {
    expect(resolvePartition(log, 'cid:a', 'cid:b')).toEqual({ green: ['a_h1_1', 'a_h2_2'], red: ['b_h1_3', 'b_h1_4'] });
    expect(resolvePartition(log, 'host:h2', 're:_4$')).toEqual({ green: ['a_h2_2'], red: ['b_h1_4'] });
    expect(() => resolvePartition(log, 'host:h1', 'cid:b')).toThrow(/disjoint: b_h1_3, b_h1_4 selected by both/);
  });
  it('analyze rejects unknown or overlapping case ids in a PartitionSpec', () => {
    expect(() => analyze(log, DEFAULT_MAPPING, { green: ['zz'], red: [] })).toThrow(/green case 'zz' is not in the log/);
    expect(() => analyze(log, DEFAULT_MAPPING, { green: ['a_h1_1'], red: ['a_h1_1'] })).toThrow(/both green and red/);
  });
});

describe('partition colouring', () => {
  it('G = cid a, R = cid b: sides and per-side counts of nodes and edges', () => {
    const r = analyze(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:a', 'cid:b'));
    const p = r.partition!;
    expect([p.greenCases, p.redCases]).toEqual([2, 2]);
    expect(p.nodes).toEqual({
      [START]: { side: 'both', green: 2, red: 2 },
      [END]: { side: 'both', green: 2, red: 2 },
      [R]: { side: 'green', green: 4, red: 0 },
      [P]: { side: 'both', green: 1, red: 3 },
      [W]: { side: 'green', green: 2, red: 0 },
    });
    expect(p.edges).toEqual({
      [edgeKey(START, R)]: { side: 'green', green: 2, red: 0 },
      [edgeKey(R, P)]: { side: 'green', green: 1, red: 0 },
      [edgeKey(P, R)]: { side: 'green', green: 1, red: 0 },
      [edgeKey(R, W)]: { side: 'green', green: 2, red: 0 },
      [edgeKey(W, END)]: { side: 'green', green: 2, red: 0 },
      [edgeKey(R, R)]: { side: 'green', green: 1, red: 0 },
      [edgeKey(START, END)]: { side: 'red', green: 0, red: 1 },
      [edgeKey(START, P)]: { side: 'red', green: 0, red: 1 },
      [edgeKey(P, P)]: { side: 'red', green: 0, red: 2 },
      [edgeKey(P, END)]: { side: 'red', green: 0, red: 1 },
    });
    // the partition does not change the statistics
    expect(r.nodes).toEqual(analyze(log, DEFAULT_MAPPING).nodes);
  });
  it('unassigned cases give "neither"; an empty side is allowed', () => {
    const r = analyze(log, DEFAULT_MAPPING, resolvePartition(log, 'ids:a_h1_1', 'ids:b_h1_3'));
    const p = r.partition!;
    expect([p.greenCases, p.redCases]).toEqual([1, 1]);
    expect(p.nodes[R]).toEqual({ side: 'green', green: 2, red: 0 });
    expect(p.nodes[P]).toEqual({ side: 'green', green: 1, red: 0 });
    expect(p.edges[edgeKey(R, R)]).toEqual({ side: 'neither', green: 0, red: 0 });
    expect(p.edges[edgeKey(P, P)]).toEqual({ side: 'neither', green: 0, red: 0 });
    expect(p.edges[edgeKey(START, END)]).toEqual({ side: 'red', green: 0, red: 1 });
    const e = analyze(log, DEFAULT_MAPPING, resolvePartition(log, '', 'cid:b')).partition!;
    expect(e.greenCases).toBe(0);
    expect(e.nodes[START]).toEqual({ side: 'red', green: 0, red: 2 });
    expect(e.nodes[R]).toEqual({ side: 'neither', green: 0, red: 0 });
  });
  it('no partition → null', () => {
    expect(analyze(log, DEFAULT_MAPPING).partition).toBeNull();
    expect(analyze(log, DEFAULT_MAPPING, null).partition).toBeNull();
  });
});
