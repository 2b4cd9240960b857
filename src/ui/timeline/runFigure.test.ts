import { describe, expect, it } from 'vitest';
import { phasesLog } from '../../testing/phasesFixture';
import { runTimelineOf } from '../../testing/runTimelineFixture';
import { traceDirLogGz } from '../../testing/traceDir';
import { describeGap } from './gapLayer';
import { leftMargin } from './plotParts';
import { DARK_PLOT, LIGHT_PLOT } from './plotTheme';
import { runFigure, runHover, runPixels } from './runFigure';
import { describeRunMark, runColoring } from './runModel';

describe('the whole-run timeline figure (6-rank phases run)', () => {
  const d = runTimelineOf(phasesLog(), { pixels: 1000, threshold: 1e9 });
  const c = runColoring(d, 'activity', []);
  const f = runFigure(d, c, null, 1200, 7, LIGHT_PLOT);

  it('the whole run with 1 % each side; one row per case, top down; the plot as wide as the panel', () => {
    const x = f.layout.xaxis!.range as number[];
    expect(x[0]).toBeLessThan(d.min);
    expect(x[1]).toBeGreaterThan(d.max);
    expect(x[1] - x[0]).toBeCloseTo((d.max - d.min) * 1.02, 9);
    expect(f.layout.yaxis!.range).toEqual([d.rowLabels.length - 0.5, -0.5]);
    expect(f.layout.width).toBe(1200);
    expect(f.layout.uirevision).toBe(7);
    expect(runPixels(1200, d.rowLabels)).toBe(1200 - leftMargin(d.rowLabels) - 16);
  });

  it('a zoomed range is drawn as asked', () => {
    const r: [number, number] = [d.min + (d.max - d.min) / 4, d.min + (d.max - d.min) / 2];
    expect(runFigure(d, c, r, 1200, 7, LIGHT_PLOT).layout.xaxis!.range).toEqual(r);
  });

  it('hovering a bar midpoint or a point names its mark; anything else nothing', () => {
    const g = f.info.g;
    expect(g.midMark.length + g.pointMark.length).toBeGreaterThan(0);
    for (const k of [0, g.midMark.length - 1]) if (k >= 0) expect(runHover(f.info, 0, k)).toEqual(describeRunMark(d, g.midMark[k]));
    if (g.pointMark.length) expect(runHover(f.info, 1, 0)).toEqual(describeRunMark(d, g.pointMark[0]));
    expect(runHover(f.info, 0, g.midMark.length)).toBeNull();
    expect(runHover(f.info, 2, 0)).toBeNull(); // a line trace
    expect(f.info.gapCurve).toBe(-1);
  });
});

describe('the untraced gaps of the IOR run with big fsyncs (e2e/fixtures/ior-untraced)', () => {
  const d = runTimelineOf(traceDirLogGz('e2e/fixtures/ior-untraced/').log, { pixels: 1000, threshold: 1e9 }, true);
  const f = runFigure(d, runColoring(d, 'activity', []), null, 1200, 1, LIGHT_PLOT);

  it('the gaps trace last; its hover points name their gap', () => {
    expect(f.info.gaps.shapes.length).toBeGreaterThan(0);
    expect(f.info.gapCurve).toBe(f.traces.length - 1);
    const j = f.info.gaps.pointGap[0];
    expect(runHover(f.info, f.info.gapCurve, 0)).toEqual(describeGap(d, j));
    expect(runHover(f.info, f.info.gapCurve, f.info.gaps.pointGap.length)).toBeNull();
  });

  it('in each colour scheme: the ground, the axes, the hover label and the gaps\' boxes in the theme\'s colours; the same gaps', () => {
    for (const t of [LIGHT_PLOT, DARK_PLOT]) {
      const g = runFigure(d, runColoring(d, 'activity', []), null, 1200, 1, t);
      expect([g.layout.paper_bgcolor, g.layout.plot_bgcolor, g.layout.font!.color, g.layout.hoverlabel!.bgcolor]).toEqual([t.paper, t.plot, t.text, t.hoverBg]);
      for (const a of [g.layout.xaxis!, g.layout.yaxis!]) expect([a.gridcolor, a.tickfont!.color]).toEqual([t.grid, t.text]);
      expect(g.layout.xaxis!.title).toEqual({ text: 'seconds since the run start', font: { color: t.text } });
      expect(g.layout.shapes).toHaveLength(f.info.gaps.shapes.length);
      for (const s of g.layout.shapes!) expect([s.fillcolor, s.line!.color]).toEqual([t.gapFill, t.gapLine]);
      expect(g.info.g.lines.map((l) => l.color)).toEqual(f.info.g.lines.map((l) => l.color));
    }
  });
});
