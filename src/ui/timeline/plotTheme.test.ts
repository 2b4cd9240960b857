import { afterEach, describe, expect, it, vi } from 'vitest';
import { DARK_PLOT, LIGHT_PLOT, readPlotTheme, type PlotTheme } from './plotTheme';

/** WCAG contrast ratio of two `#rrggbb` / `rgba(r, g, b, a)` colours (alpha ignored: drawn on an opaque ground). */
function contrast(a: string, b: string): number {
  const rgb = (c: string): number[] => {
    const hex = /^#([0-9a-f]{6})$/i.exec(c);
    if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16));
    const m = /rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(c);
    if (!m) throw new Error(`not a colour: ${c}`);
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  };
  const lum = (c: string): number => {
    const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe('the figures\' themes (light and dark): readable, and the dark one dark', () => {
  for (const t of [LIGHT_PLOT, DARK_PLOT] as PlotTheme[]) {
    const name = t.dark ? 'dark' : 'light';
    it(`${name}: text on the ground and in the hover label at least 4.5:1; marks and axis lines at least 3:1; grid faint`, () => {
      expect(contrast(t.text, t.paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.text, t.plot)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.hoverFg, t.hoverBg)).toBeGreaterThanOrEqual(4.5);
      for (const c of [t.bar, ...t.sides, t.point, t.line, t.gapLine, t.errno]) expect(contrast(c, t.plot), c).toBeGreaterThanOrEqual(3);
      const grid = contrast(t.grid, t.plot);
      expect(grid).toBeGreaterThan(1.1);
      expect(grid).toBeLessThan(2);
    });
  }
  it('the dark ground is the dark panel\'s (app.css --panel), the light one white', () => {
    expect(DARK_PLOT.paper).toBe('#1e1e1e');
    expect(contrast(DARK_PLOT.paper, '#000000')).toBeLessThan(1.5);
    expect(LIGHT_PLOT.paper).toBe('#ffffff');
  });
});

describe('readPlotTheme: the scheme from the system, ground and text from the page\'s CSS variables', () => {
  afterEach(() => vi.unstubAllGlobals());
  const page = (dark: boolean, vars: Record<string, string>) => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: dark && q.includes('dark') }));
    vi.stubGlobal('getComputedStyle', () => ({ getPropertyValue: (v: string) => vars[v] ?? '' }));
    return { documentElement: {} } as Document;
  };

  it('no document (Node, a worker): the light theme', () => {
    expect(readPlotTheme(null)).toEqual(LIGHT_PLOT);
  });
  it('a dark system: the dark theme, its ground and text the page\'s variables', () => {
    const t = readPlotTheme(page(true, { '--panel': '#202020', '--fg': '#eeeeee', '--border': '#404040' }));
    expect(t.dark).toBe(true);
    expect([t.paper, t.plot, t.hoverBg, t.text, t.hoverFg, t.grid]).toEqual(['#202020', '#202020', '#202020', '#eeeeee', '#eeeeee', '#404040']);
    expect(t.bar).toBe(DARK_PLOT.bar);
  });
  it('a light system without the variables: the light theme', () => {
    expect(readPlotTheme(page(false, {}))).toEqual(LIGHT_PLOT);
  });
});
