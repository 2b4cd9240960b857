import { describe, expect, it } from 'vitest';
import type { TimelineData } from '../../analysis/types';
import { rawMarks, binMarks } from '../../lib/binning';
import { loadTimelineFixture } from '../../testing/timelineFixture';
import { describeEvent, escapePlotlyText, shortLabel, splitLabel, summary } from './hover';

const HOSTILE = '<img src=x onerror=alert(1)>';

function one(label: string, dur: number, size: number): TimelineData {
  return {
    activity: `read:${HOSTILE}`,
    timeBase: 'clock',
    rowLabels: [`case ${HOSTILE}`],
    rowCase: [`case ${HOSTILE}`],
    row: Uint32Array.of(0),
    start: Float64Array.of(55315.458466),
    dur: Float64Array.of(dur),
    size: Float64Array.of(size),
    pid: Int32Array.of(4242),
    label: Uint32Array.of(0),
    labels: [label],
  };
}

describe('hover text', () => {
  it('keeps a hostile path literal (React renders it as text)', () => {
    const lines = describeEvent(one(`read ${HOSTILE}`, 0.000203, 832), 0, null);
    const get = (k: string) => lines.find((l) => l.key === k)?.value;
    expect(get('path')).toBe(HOSTILE);
    expect(get('case')).toBe(`case ${HOSTILE}`);
    expect(get('call')).toBe('read');
    expect(get('pid')).toBe('4242');
    expect(get('size')).toBe('832 B (832 B)');
    expect(get('duration')).toBe('203 µs');
    expect(get('start')).toBe('15:21:55.458466');
  });
  it('explains unknown durations and missing sizes, and binned counts', () => {
    const lines = describeEvent(one('close', NaN, NaN), 0, 17);
    expect(lines[0].value).toContain('17 events');
    expect(lines.find((l) => l.key === 'duration')?.value).toContain('-T');
    expect(lines.find((l) => l.key === 'size')?.value).toBe('–');
    expect(lines.find((l) => l.key === 'path')?.value).toBe('–');
  });
  it('escapes text for plotly labels so tags show literally', () => {
    expect(escapePlotlyText(HOSTILE)).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapePlotlyText('a&b "c"')).toBe('a&amp;b &quot;c&quot;');
  });
  it('splits call and path at the first space only', () => {
    expect(splitLabel('read /scratch/a b')).toEqual({ call: 'read', path: '/scratch/a b' });
    expect(splitLabel('sync')).toEqual({ call: 'sync', path: '' });
  });
  it('shortens long row labels in the middle', () => {
    const s = shortLabel('a'.repeat(20) + 'b'.repeat(20), 10);
    expect(s.length).toBe(10);
    expect(s).toContain('…');
  });
  it('summarises raw and binned views of a real trace', () => {
    const d = loadTimelineFixture('dd2-write.timeline.json');
    const n = d.start.length;
    expect(summary(d, rawMarks(d, 0, 1e6))).toBe(`${n} events · 2 rows · ${n} drawn`);
    const b = binMarks(d, 2, d.start[0], d.start[n - 1] + 1, 10);
    expect(summary(d, b)).toBe(`${n} events · 2 rows · binned: ${n} events in ${b.bars.length + b.points.length} bars`);
  });
});
