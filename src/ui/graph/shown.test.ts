import { describe, expect, it } from 'vitest';
import { shownText } from './shown';

const graph = (acts: number, totalActivities: number, realEdges: number, totalEdges: number, bypassEdges = 0) => ({
  nodes: new Array(acts + 2), // with ● and ■
  totalActivities,
  realEdges,
  totalEdges,
  bypassEdges,
});

describe('what the graph shows, in words', () => {
  it('a cut graph: "showing N of M" on one line, or on two short lines for a narrow toolbar', () => {
    const s = shownText(graph(5, 65, 5, 79, 2));
    expect(s.hidden).toBe(true);
    expect(s.text).toBe('showing 5 of 65 activities, 5 of 79 edges (+2 dashed: via hidden activities)');
    expect(s.lines).toEqual(['5 of 65 activities', '5 of 79 edges +2 dashed']);
  });
  it('the whole graph: the totals; counts grouped by thousands', () => {
    const s = shownText(graph(1200, 1200, 3400, 3400));
    expect(s.hidden).toBe(false);
    expect(s.text).toBe('1,200 activities, 3,400 edges');
    expect(s.lines).toEqual(['1,200 activities', '3,400 edges']);
  });
  it('every activity but fewer edges is cut too', () => {
    expect(shownText(graph(6, 6, 9, 11)).lines).toEqual(['6 of 6 activities', '9 of 11 edges']);
  });
});
