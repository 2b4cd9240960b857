import { describe, expect, it } from 'vitest';
import { blend, differenceEdgeColor, differenceFill, metricFill, metricMax, partitionEdgeColor, partitionNodeFill } from './colors';
import { edgeLabel, ellipsize, labelBox, nodeLabelLines } from './labels';
import type { ActivityStats } from '../../analysis/types';

const a: ActivityStats = { id: 'read:/scratch/ior', count: 12, dur: 1.2, rd: 0.679, bytes: 192 * 1024 * 1024, dr: 185 * 1024 * 1024, mc: 4, DR: 4 * 185 * 1024 * 1024, cases: 3 };

describe('colours', () => {
  it('interpolates white → #9B9BFF linearly in value / max', () => {
    expect(blend(0)).toBe('#FFFFFF');
    expect(blend(1)).toBe('#9B9BFF');
    expect(blend(0.5)).toBe('#CDCDFF');
    expect(metricFill(5, 10)).toBe('#CDCDFF');
    expect(metricFill(null, 10)).toBe('#E6E6E6');
    expect(metricFill(3, 0)).toBe('#FFFFFF');
  });
  it('takes the max over all activities, ignoring nulls', () => {
    expect(metricMax([a, { ...a, rd: null }, { ...a, rd: 0.9 }], 'rd')).toBe(0.9);
  });
  it('uses the reference partition colours', () => {
    expect(partitionNodeFill('green')).toBe('#8BC34A');
    expect(partitionNodeFill('red')).toBe('#EF9A9A');
    expect(partitionEdgeColor('green')).toBe('#2E7D32');
    expect(partitionEdgeColor('red')).toBe('#E53935');
    expect(partitionNodeFill('both')).toBe('#FFFFFF');
    expect(partitionNodeFill('neither')).not.toBe(partitionNodeFill('both'));
    expect(partitionEdgeColor('neither')).not.toBe(partitionEdgeColor('both'));
  });
});

describe('labels', () => {
  it('writes the paper node text in binary units', () => {
    expect(nodeLabelLines(a)).toEqual(['read:/scratch/ior', 'Load: 67.9% (192 MiB)', 'DR: 4 × 185 MiB/s']);
    expect(nodeLabelLines({ ...a, rd: null, bytes: null, dr: null, mc: null, DR: null })).toEqual(['read:/scratch/ior']);
    // a call that moves no bytes (openat, close): Load rd only, no DR line
    expect(nodeLabelLines({ ...a, bytes: null, dr: null, DR: null })).toEqual(['read:/scratch/ior', 'Load: 67.9%']);
    expect(nodeLabelLines({ ...a, rd: null, mc: null, DR: null })).toEqual(['read:/scratch/ior', 'Load: (192 MiB)', 'DR: 185 MiB/s']);
  });
  it('shortens long activities in the middle', () => {
    const long = `read:/scratch/${'x'.repeat(100)}/file.h5`;
    const s = ellipsize(long);
    expect(s).toHaveLength(48);
    expect(s.startsWith('read:/scratch/')).toBe(true);
    expect(s.endsWith('/file.h5')).toBe(true);
  });
  it('labels edges by count, cases or gap', () => {
    const e = { source: 'a', target: 'b', count: 1234, cases: 7, meanGap: 0.0025, bypass: false, forced: false };
    expect(edgeLabel(e, 'count')).toBe('1,234');
    expect(edgeLabel(e, 'cases')).toBe('7');
    expect(edgeLabel(e, 'gap')).toBe('2.50 ms');
    expect(edgeLabel({ ...e, bypass: true }, 'cases')).toBe('≤1,234');
  });
  it('sizes the box from the longest line', () => {
    const small = labelBox(['a', 'b']);
    const big = labelBox(['a'.repeat(40), 'b']);
    expect(big.w).toBeGreaterThan(small.w);
    expect(big.h).toBe(small.h);
  });
});

describe('difference colouring', () => {
  it('diverges from white by the effect, only where q < 0.05', () => {
    expect(differenceFill(-1, 0.01)).toBe('#43A047');
    expect(differenceFill(1, 0.01)).toBe('#E53935');
    expect(differenceFill(0, 0.01)).toBe('#FFFFFF');
    expect(differenceFill(-0.5, 0.01)).toBe('#A1D0A3');
    expect(differenceFill(-1, 0.05)).toBe('#E0E0E0');
    expect(differenceFill(null, null)).toBe('#E0E0E0');
    expect(differenceEdgeColor(1, 0.001)).toBe('#E53935');
    expect(differenceEdgeColor(1, 0.2)).toBe('#BDBDBD');
  });
});
