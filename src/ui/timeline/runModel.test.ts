import { describe, expect, it } from 'vitest';
import { insightsLog } from '../../testing/insightsFixtures';
import { phasesLog } from '../../testing/phasesFixture';
import { runTimelineOf } from '../../testing/runTimelineFixture';
import { describeRunMark, runColoring, runGeometry, runSummary } from './runModel';
import { OTHER_COLOR, PALETTE, SUCCESS_COLOR } from './palette';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('whole-run timeline model (6-rank phases run)', () => {
  const d = runTimelineOf(phasesLog(), { pixels: 1000, threshold: 1e9 });

  it('colours the activities in the order given, grey for the rest; each mark in its activity colour', () => {
    const order = ['write:/tmp/phases', 'read:/tmp/phases'];
    const c = runColoring(d, 'activity', order);
    expect(c.key.labels.slice(0, 2)).toEqual(order);
    expect(c.key.colors.slice(0, 2)).toEqual(PALETTE.slice(0, 2));
    for (let k = 0; k < d.row.length; k++) {
      const name = d.activities[d.act[k]];
      const g = c.markGroup[k];
      expect(c.key.labels[g]).toBe(order.includes(name) ? name : 'other');
    }
    expect(c.key.colors[c.key.other]).toBe(OTHER_COLOR);
  });

  it('by errno: "succeeded" first in its own colour', () => {
    const c = runColoring(d, 'errno', []);
    expect(c.key.labels[0]).toBe('succeeded');
    expect(c.key.colors[0]).toBe(SUCCESS_COLOR);
    for (let k = 0; k < d.row.length; k++) if (d.errno[k] === 0) expect(c.markGroup[k]).toBe(0);
  });

  it('draws every bar in the line of its colour, a hover target per bar, points for unknown durations', () => {
    const c = runColoring(d, 'side', []);
    expect(c.key.labels).toEqual(['no side']);
    const g = runGeometry(d, c, 1e-4);
    const bars = Array.from(d.dur).filter((x) => !Number.isNaN(x)).length;
    expect(g.lines.reduce((a, l) => a + l.marks, 0)).toBe(bars);
    expect(g.midMark.length + g.pointMark.length).toBe(d.row.length);
    expect(new Set([...g.midMark, ...g.pointMark]).size).toBe(d.row.length);
    // merged segments never exceed the bars; the NaN-separated triples are per segment
    expect(g.segments).toBeLessThanOrEqual(bars);
    expect(g.lines[0].x.length).toBe(3 * g.segments);
    expect(runSummary(d)).toBe(`${d.events} events · 6 rows · ${d.row.length} drawn`);
  });

  it('the tooltip names case, rank, pid, call, path, size, offset, duration, errno and start', () => {
    const k = Array.from(d.labels.keys()).map((l) => d.label.indexOf(l)).find((i) => d.labels[d.label[i]].startsWith('write '))!;
    const lines = Object.fromEntries(describeRunMark(d, k).map((l) => [l.key, l.value]));
    expect(lines.call).toBe('write');
    expect(lines.path).toMatch(/^\/tmp\/phases\/data\/rank\d\.dat$/);
    expect(lines.rank).toBe(d.rowRank[d.row[k]]);
    expect(lines.size).toBe('64.0 KiB (65,536 B)');
    expect(lines.offset).toMatch(/^[\d,]+ B \(/);
    expect(lines.errno).toBe('succeeded');
    expect(lines.start).toMatch(/^\+\d\.\d{6} s$/);
  });
});

describe('failed calls and hostile paths', () => {
  it('× on each mark that stands for a failed call, raw and binned (120 failing opens)', () => {
    const log = insightsLog('failures');
    const raw = runTimelineOf(log, { pixels: 800, threshold: 1e9 });
    const c = runColoring(raw, 'errno', []);
    expect(c.key.labels).toContain('ENOENT');
    const g = runGeometry(raw, c, 1e-6);
    expect(g.fails.failed).toBe(raw.fail.reduce((a, b) => a + b, 0));
    expect(g.fails.x.length).toBe(g.fails.failed);
    const binned = runTimelineOf(log, { pixels: 40, threshold: 1 });
    const gb = runGeometry(binned, runColoring(binned, 'errno', []), 1e-3);
    expect(gb.fails.failed).toBe(g.fails.failed);
    expect(gb.fails.x.length).toBeLessThan(gb.fails.failed);
    const k = binned.fail.findIndex((f) => f > 1);
    expect(describeRunMark(binned, k)[0].value).toMatch(/^\d+ events in this pixel \(\d+ failed\); the longest:$/);
  });

  it('keeps a hostile path literal (text for React, never HTML)', () => {
    const d = runTimelineOf(phasesLog(), { pixels: 1000, threshold: 1e9 });
    const hostile = { ...d, labels: d.labels.map(() => `openat ${HOSTILE}`), rowCase: d.rowCase.map(() => HOSTILE) };
    const lines = describeRunMark(hostile, 0);
    expect(lines.find((l) => l.key === 'path')?.value).toBe(HOSTILE);
    expect(lines.find((l) => l.key === 'case')?.value).toBe(HOSTILE);
  });
});
