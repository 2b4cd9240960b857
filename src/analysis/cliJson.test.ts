import { describe, expect, it } from 'vitest';
import { foldRuns, sumDropped, toCliJson, unfoldRuns } from './cliJson';
import type { ActivityStats, AnalysisResult } from './types';

const stats = (id: string, over: Partial<ActivityStats> = {}): ActivityStats => ({
  id,
  count: 1,
  dur: 0.001,
  rd: 0.5,
  bytes: 10,
  dr: 1e4,
  mc: 1,
  DR: 1e4,
  cases: 1,
  ...over,
});

function result(over: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    cases: 2,
    events: 5,
    unmapped: 1,
    nodes: [stats('read:/etc/passwd', { count: 3, rd: 0.75 }), stats('write:/dev/pts', { count: 1, rd: 0.25, dr: null, DR: Number.NaN, mc: 2 })],
    edges: [
      { source: '●', target: 'read:/etc/passwd', count: 2, cases: 2, meanGap: null },
      { source: 'read:/etc/passwd', target: 'read:/etc/passwd', count: 1, cases: 1, meanGap: 0.001 },
      { source: 'read:/etc/passwd', target: 'write:/dev/pts', count: 1, cases: 1, meanGap: 0.002 },
      { source: 'read:/etc/passwd', target: '■', count: 1, cases: 1, meanGap: null },
      { source: 'write:/dev/pts', target: '■', count: 1, cases: 1, meanGap: null },
    ],
    variants: [
      { trace: ['●', 'read:/etc/passwd', 'read:/etc/passwd', 'write:/dev/pts', '■'], count: 1, cases: ['a_n_1'] },
      { trace: ['●', 'read:/etc/passwd', '■'], count: 1, cases: ['b_n_1'] },
    ],
    partition: null,
    hasDurations: true,
    hasTimestamps: true,
    hosts: 1,
    ...over,
  };
}

describe('toCliJson', () => {
  it('keeps nodes without ● and ■, edges keyed `A -> B`, variants with runs folded, and no partition key', () => {
    const withFrame = result({ nodes: [...result().nodes, stats('●'), stats('■')] });
    const doc = toCliJson(withFrame, []);
    expect(Object.keys(doc.nodes)).toEqual(['read:/etc/passwd', 'write:/dev/pts']);
    expect(doc.nodes['read:/etc/passwd']).toEqual({ count: 3, rd: 0.75, bytes: 10, dr: 1e4, mc: 1, DR: 1e4, cases: 1 });
    expect(doc.edges).toEqual({
      '● -> read:/etc/passwd': 2,
      'read:/etc/passwd -> read:/etc/passwd': 1,
      'read:/etc/passwd -> write:/dev/pts': 1,
      'read:/etc/passwd -> ■': 1,
      'write:/dev/pts -> ■': 1,
    });
    expect(doc.variants[0]).toEqual({ trace: ['●', ['read:/etc/passwd', 2], 'write:/dev/pts', '■'], count: 1, cases: ['a_n_1'] });
    expect(doc).not.toHaveProperty('partition');
    expect(Object.keys(doc)).toEqual(['cases', 'events', 'dropped', 'nodes', 'edges', 'variants']);
  });

  it('turns undefined statistics (null, NaN, Infinity) into JSON null', () => {
    const doc = toCliJson(result({ nodes: [stats('x:/a', { rd: null, bytes: Number.POSITIVE_INFINITY, DR: Number.NaN })] }), []);
    expect(doc.nodes['x:/a']).toEqual({ count: 1, rd: null, bytes: null, dr: 1e4, mc: 1, DR: null, cases: 1 });
    const text = JSON.stringify(doc);
    expect(JSON.parse(text).nodes['x:/a'].DR).toBeNull();
  });

  it('sums dropped line kinds over files', () => {
    const doc = toCliJson(result(), [{ dropped: { signal: 2, exit: 1 } }, { dropped: { exit: 3, erestart: 1 } }]);
    expect(doc.dropped).toEqual({ erestart: 1, exit: 4, signal: 2 });
    expect(sumDropped([])).toEqual({});
  });

  it('lists green and red nodes and edges of a partition, without ● and ■ nodes', () => {
    const doc = toCliJson(
      result({
        partition: {
          greenCases: 1,
          redCases: 1,
          nodes: {
            '●': { side: 'both', green: 1, red: 1 },
            '■': { side: 'green', green: 1, red: 0 },
            'write:/dev/pts': { side: 'green', green: 1, red: 0 },
            'read:/etc/passwd': { side: 'both', green: 3, red: 1 },
            'read:/etc/group': { side: 'red', green: 0, red: 1 },
            'read:/etc/hosts': { side: 'neither', green: 0, red: 0 },
          },
          edges: {
            'read:/etc/passwd -> write:/dev/pts': { side: 'green', green: 1, red: 0 },
            'read:/etc/passwd -> ■': { side: 'red', green: 0, red: 1 },
            '● -> read:/etc/passwd': { side: 'both', green: 1, red: 1 },
          },
        },
      }),
      [],
    );
    expect(doc.partition).toEqual({
      green_nodes: ['write:/dev/pts'],
      red_nodes: ['read:/etc/group'],
      green_edges: ['read:/etc/passwd -> write:/dev/pts'],
      red_edges: ['read:/etc/passwd -> ■'],
    });
  });

  it('folds runs of a trace and unfolds them back; 18 M repeats are one item', () => {
    const t = ['●', 'a', 'a', 'a', 'b', 'a', 'b', 'b', '■'];
    expect(foldRuns(t)).toEqual(['●', ['a', 3], 'b', 'a', ['b', 2], '■']);
    expect(unfoldRuns(foldRuns(t))).toEqual(t);
    expect(foldRuns(new Array<string>(18_000_000).fill('write:/x'))).toEqual([['write:/x', 18_000_000]]);
  });

  it('an activity named __proto__ is a node like any other', () => {
    const doc = toCliJson(result({ nodes: [stats('__proto__', { count: 7 })], edges: [{ source: '●', target: '__proto__', count: 1, cases: 1, meanGap: null }] }), []);
    const back = JSON.parse(JSON.stringify(doc)) as { nodes: Record<string, { count: number }> };
    expect(Object.keys(back.nodes)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(back.nodes, '__proto__')?.value).toMatchObject({ count: 7 });
  });
});
