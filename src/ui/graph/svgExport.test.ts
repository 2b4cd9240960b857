import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceValues } from '../../testing/refdata';
import { ARROW_PX, LEGEND_LINE, edgePath, escapeXml, toSvg } from './svgExport';

describe('svg export', () => {
  it('escapes trace content', () => {
    expect(escapeXml('<img src=x onerror=alert(1)>&"\'')).toBe('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&apos;');
    const svg = toSvg([{ x: 0, y: 0, w: 100, h: 40, shape: 'box', fill: '#fff', stroke: '#555', lines: ['read:<img src=x onerror=alert(1)>'] }], [], 'sans-serif', 11);
    expect(svg).not.toContain('<img');
    expect(svg).toContain('read:&lt;img src=x onerror=alert(1)&gt;');
  });
  it('is well-formed XML (checked by Python\'s expat) whatever control characters a label holds', () => {
    const label = 'open:/tmp/a\u0000b\u0001\u001f\ud800\uffff\u202egpj.exe';
    const svg = toSvg([{ x: 0, y: 0, w: 100, h: 40, shape: 'box', fill: '#fff', stroke: '#555', lines: [label] }], [], 'sans-serif', 11, [label]);
    expect(svg).toContain('open:/tmp/a\\u0000b\\u0001\\u001f\\ud800\\uffff');
    const dir = mkdtempSync(join(tmpdir(), 'svg-'));
    try {
      writeFileSync(join(dir, 'label.svg'), svg);
      expect(referenceValues(import.meta.url).get('control characters', 'tools/refdata/xml_root.py', { files: [join(dir, 'label.svg')] })).toBe('svg');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('draws straight, curved and loop edges like Cytoscape', () => {
    expect(edgePath([{ x: 0, y: 0 }, { x: 10, y: 0 }])).toBe('M0,0 L10,0');
    expect(edgePath([{ x: 0, y: 0 }, { x: 5, y: 5 }, { x: 10, y: 0 }])).toBe('M0,0 Q5,5 10,0');
    expect(edgePath([{ x: 0, y: 0 }, { x: 0, y: -10 }, { x: 10, y: -10 }, { x: 10, y: 0 }])).toBe('M0,0 Q0,-10 5,-10 Q10,-10 10,0');
  });
  it('produces well-formed SVG with a viewBox around everything', () => {
    const svg = toSvg(
      [{ x: 50, y: 20, w: 100, h: 40, shape: 'box', fill: '#FFFFFF', stroke: '#555', lines: ['a', 'Load: 1%'] },
        { x: -30, y: 20, w: 20, h: 20, shape: 'circle', fill: '#424242', stroke: '#424242', lines: [] }],
      [{ points: [{ x: -20, y: 20 }, { x: 0, y: 20 }], color: '#2E7D32', width: 2, dashed: true, label: '3', labelAt: { x: -10, y: 20 } }],
      'sans-serif', 11);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -20 180 80"')).toBe(true);
    expect(svg).toContain('stroke-dasharray');
    expect(svg).toContain('<marker id="arrow-0"');
    expect((svg.match(/<text /g) ?? []).length).toBe(3);
  });
  it('draws the legend under the graph, escaped', () => {
    const n = { x: 0, y: 0, w: 100, h: 40, shape: 'box' as const, fill: '#FFFFFF', stroke: '#555', lines: ['a'] };
    const plain = toSvg([n], [], 'sans-serif', 11);
    const svg = toSvg([n], [], 'sans-serif', 11, ['rd (relative duration) — fill linear in value / max', 'green <3> cases']);
    expect(svg).toContain('<g class="legend"');
    expect(svg).toContain('>rd (relative duration) — fill linear in value / max</text>');
    expect(svg).toContain('green &lt;3&gt; cases');
    const height = (s: string) => Number(/ height="([\d.]+)"/.exec(s)![1]);
    expect(height(svg)).toBe(height(plain) + 20 + 2 * LEGEND_LINE);
  });
  it('draws the legend\'s colour ramp with its numbers, swatches and edge keys, not the text alone', () => {
    const n = { x: 0, y: 0, w: 100, h: 40, shape: 'box' as const, fill: '#FFFFFF', stroke: '#555', lines: ['a'] };
    const svg = toSvg([n], [], 'sans-serif', 11, [
      [{ kind: 'text', text: 'showing 6 of 8 activities' }],
      [{ kind: 'text', text: '0 ' }, { kind: 'ramp', colors: ['rgb(255, 255, 255)', 'rgb(21, 101, 192)'] }, { kind: 'text', text: ' 86.7% ' }, { kind: 'swatch', fill: '#BDBDBD', border: '#616161' }, { kind: 'text', text: 'unavailable' }],
      [{ kind: 'line', color: '#C8C8C8', dashed: true }, { kind: 'text', text: 'via hidden activities' }],
    ]);
    expect(svg).toContain('>showing 6 of 8 activities</text>');
    expect(svg).toMatch(/<linearGradient id="ramp-0"><stop offset="0%" stop-color="rgb\(255, 255, 255\)"\/><stop offset="100%" stop-color="rgb\(21, 101, 192\)"\/><\/linearGradient>/);
    expect(svg).toContain('fill="url(#ramp-0)"');
    // the numbers are texts of their own on either side of the ramp, the swatch before "unavailable"
    const x = (re: RegExp) => Number(re.exec(svg)![1]);
    const zero = x(/<text x="([\d.-]+)"[^>]*>0 <\/text>/);
    const ramp = x(/<rect class="ramp" x="([\d.-]+)"/);
    const max = x(/<text x="([\d.-]+)"[^>]*> 86\.7% <\/text>/);
    const sw = x(/<rect class="swatch" x="([\d.-]+)"/);
    const un = x(/<text x="([\d.-]+)"[^>]*>unavailable<\/text>/);
    expect(zero).toBeLessThan(ramp);
    expect(ramp + 120).toBeLessThanOrEqual(max);
    expect(max).toBeLessThan(sw);
    expect(sw + 12).toBeLessThanOrEqual(un);
    expect(svg).toContain('stroke-dasharray="4 3"');
  });
  it('draws partition rings: a wider border, dashed for neither, a second ring outside it for both', () => {
    const base = { x: 0, y: 0, w: 100, h: 40, shape: 'box' as const, fill: '#9B9BFF', lines: ['a'] };
    const green = toSvg([{ ...base, stroke: '#2E7D32', strokeWidth: 3 }], [], 'sans-serif', 11);
    expect(green).toContain('fill="#9B9BFF" stroke="#2E7D32" stroke-width="3"/>');
    expect((green.match(/<rect /g) ?? []).length).toBe(2); // the background and the node
    const both = toSvg([{ ...base, stroke: '#2E7D32', strokeWidth: 3, outline: '#C62828' }], [], 'sans-serif', 11);
    expect((both.match(/<rect /g) ?? []).length).toBe(3);
    expect(both).toContain('x="-53" y="-23" width="106" height="46" rx="9" fill="none" stroke="#C62828" stroke-width="3"/>');
    const neither = toSvg([{ ...base, stroke: '#9E9E9E', strokeWidth: 2, dashed: true }], [], 'sans-serif', 11);
    expect(neither).toContain('stroke="#9E9E9E" stroke-width="2" stroke-dasharray="5 3"/>');
    const plain = toSvg([{ ...base, stroke: '#616161' }], [], 'sans-serif', 11);
    expect(plain).toContain('stroke="#616161"/>');
  });
  it('draws arrowheads of one size in user units, however wide the edge or tight the loop', () => {
    const loop = { points: [{ x: 0, y: -20 }, { x: -10, y: -54 }, { x: 10, y: -54 }, { x: 5, y: -20 }], color: '#616161', width: 7, dashed: false, label: '80', labelAt: { x: 0, y: -50 }, loop: true };
    const svg = toSvg([{ x: 0, y: 0, w: 100, h: 40, shape: 'box', fill: '#FFFFFF', stroke: '#555', lines: ['a'] }], [loop], 'sans-serif', 11);
    const marker = /<marker [^>]*>/.exec(svg)![0];
    expect(marker).toContain('markerUnits="userSpaceOnUse"');
    expect(marker).toContain(`markerWidth="${ARROW_PX}"`);
  });
});
