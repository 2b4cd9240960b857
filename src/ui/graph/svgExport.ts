/**
 * A self-contained SVG of the drawn graph (no extra dependency): nodes as boxes/circles with their label
 * lines, edges as the quadratic Bézier chains Cytoscape draws, arrowheads, edge labels, the legend. Every
 * string from the trace is XML-escaped.
 */
import { FONT_PX, textWidth } from './labels';
import { KEY_W, placeItems, type LegendLine } from './legendItems';

export interface SvgNode {
  x: number;
  y: number;
  w: number;
  h: number;
  shape: 'box' | 'circle' | 'square';
  fill: string;
  stroke: string;
  lines: string[];
  /** Border width (default 1), dashed border, and a second ring outside it (a partition ring). */
  strokeWidth?: number;
  dashed?: boolean;
  outline?: string;
}

export interface SvgEdge {
  /** Source endpoint, control points, target endpoint (Cytoscape model coordinates). */
  points: { x: number; y: number }[];
  color: string;
  width: number;
  dashed: boolean;
  label: string;
  labelAt: { x: number; y: number };
  /** A self-loop (source = target). */
  loop?: boolean;
}

export function escapeXml(s: string): string {
  // characters XML 1.0 cannot hold at all (U+0000, other C0 controls but tab/LF/CR, lone surrogates,
  // U+FFFE/U+FFFF) are written as visible `\uXXXX` text, so the file is always well-formed
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Arrowhead length in px (Cytoscape's triangle at arrow-scale 0.9 is about as long). */
export const ARROW_PX = 9;

const f = (v: number): string => (Math.round(v * 10) / 10).toString();

/** Cytoscape's bezier: with control points c1…ck, quadratic segments through the midpoints of c_i, c_i+1. */
export function edgePath(points: { x: number; y: number }[]): string {
  if (points.length < 2) return '';
  const [s, ...rest] = points;
  const t = rest.pop()!;
  let d = `M${f(s.x)},${f(s.y)}`;
  if (rest.length === 0) return `${d} L${f(t.x)},${f(t.y)}`;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    const end = i + 1 < rest.length ? { x: (c.x + rest[i + 1].x) / 2, y: (c.y + rest[i + 1].y) / 2 } : t;
    d += ` Q${f(c.x)},${f(c.y)} ${f(end.x)},${f(end.y)}`;
  }
  return d;
}

/** Line height of the legend under the graph in exports, px. */
export const LEGEND_LINE = 16;

/** `legend`: the lines of the page's legend (text, or items with their colour ramps, swatches and edge
 * lines: legendItems.ts), drawn under the graph (the export reads without the page). */
export function toSvg(nodes: SvgNode[], edges: SvgEdge[], fontFamily: string, fontPx: number, legend: readonly (string | LegendLine)[] = []): string {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const grow = (x: number, y: number): void => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  };
  for (const n of nodes) {
    grow(n.x - n.w / 2, n.y - n.h / 2);
    grow(n.x + n.w / 2, n.y + n.h / 2);
  }
  for (const e of edges) for (const p of e.points) grow(p.x, p.y);
  if (!Number.isFinite(x0)) x0 = y0 = x1 = y1 = 0;
  const pad = 20;
  const graphBottom = y1;
  if (legend.length) y1 += pad + legend.length * LEGEND_LINE;
  const colors = [...new Set(edges.map((e) => e.color))];
  const marker = (c: string): string => `arrow-${colors.indexOf(c)}`;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(x0 - pad)} ${f(y0 - pad)} ${f(x1 - x0 + 2 * pad)} ${f(y1 - y0 + 2 * pad)}" width="${f(x1 - x0 + 2 * pad)}" height="${f(y1 - y0 + 2 * pad)}" font-family="${escapeXml(fontFamily)}" font-size="${fontPx}">`);
  out.push('<defs>');
  for (const c of colors) {
    // in user units, like Cytoscape's arrows: a marker sized in stroke widths grows with the edge (a 7 px
    // edge would get a 35 px head, wider than a loop)
    out.push(`<marker id="${marker(c)}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="${ARROW_PX}" markerHeight="${ARROW_PX}" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${escapeXml(c)}"/></marker>`);
  }
  out.push('</defs>');
  out.push(`<rect x="${f(x0 - pad)}" y="${f(y0 - pad)}" width="${f(x1 - x0 + 2 * pad)}" height="${f(y1 - y0 + 2 * pad)}" fill="#FFFFFF"/>`);
  out.push('<g class="edges" fill="none">');
  for (const e of edges) {
    out.push(`<path d="${edgePath(e.points)}" stroke="${escapeXml(e.color)}" stroke-width="${f(e.width)}"${e.dashed ? ' stroke-dasharray="6 4"' : ''} marker-end="url(#${marker(e.color)})"/>`);
  }
  out.push('</g><g class="edge-labels" text-anchor="middle" font-size="' + (fontPx - 1) + '">');
  for (const e of edges) {
    if (e.label) out.push(`<text x="${f(e.labelAt.x)}" y="${f(e.labelAt.y)}" dy="0.35em" stroke="#FFFFFF" stroke-width="3" paint-order="stroke">${escapeXml(e.label)}</text>`);
  }
  out.push('</g><g class="nodes" text-anchor="middle">');
  for (const n of nodes) {
    const fill = escapeXml(n.fill);
    const stroke = escapeXml(n.stroke);
    const sw = n.strokeWidth ?? 1;
    const extra = `${sw !== 1 ? ` stroke-width="${f(sw)}"` : ''}${n.dashed ? ' stroke-dasharray="5 3"' : ''}`;
    if (n.shape === 'circle') out.push(`<circle cx="${f(n.x)}" cy="${f(n.y)}" r="${f(n.w / 2)}" fill="${fill}" stroke="${stroke}"${extra}/>`);
    else {
      const r = n.shape === 'box' ? 6 : 0;
      if (n.outline) {
        const o = sw / 2 + 1.5; // a 3 px ring just outside the border
        out.push(`<rect x="${f(n.x - n.w / 2 - o)}" y="${f(n.y - n.h / 2 - o)}" width="${f(n.w + 2 * o)}" height="${f(n.h + 2 * o)}" rx="${r + o}" fill="none" stroke="${escapeXml(n.outline)}" stroke-width="3"/>`);
      }
      out.push(`<rect x="${f(n.x - n.w / 2)}" y="${f(n.y - n.h / 2)}" width="${f(n.w)}" height="${f(n.h)}" rx="${r}" fill="${fill}" stroke="${stroke}"${extra}/>`);
    }
    const lh = fontPx * 1.3;
    n.lines.forEach((line, i) => {
      const y = n.y + (i - (n.lines.length - 1) / 2) * lh;
      out.push(`<text x="${f(n.x)}" y="${f(y)}" dy="0.35em">${escapeXml(line)}</text>`);
    });
  }
  out.push('</g>');
  if (legend.length) out.push(...svgLegend(legend, x0, graphBottom + pad, fontPx));
  out.push('</svg>');
  return out.join('\n');
}

/** The legend's lines as SVG: text, colour ramps (linear gradients with their stops), swatches, edge lines. */
function svgLegend(legend: readonly (string | LegendLine)[], x0: number, top: number, fontPx: number): string[] {
  const out = [`<g class="legend" font-size="${fontPx}" fill="#37474F">`];
  const defs: string[] = [];
  legend.forEach((l, i) => {
    const line: LegendLine = typeof l === 'string' ? [{ kind: 'text', text: l }] : l;
    const base = top + (i + 0.8) * LEGEND_LINE;
    const mid = base - fontPx * 0.35;
    for (const { item, x } of placeItems(line, (t) => textWidth(t) * (fontPx / FONT_PX))) {
      const at = x0 + x;
      if (item.kind === 'text') out.push(`<text x="${f(at)}" y="${f(base)}">${escapeXml(item.text)}</text>`);
      else if (item.kind === 'ramp') {
        const id = `ramp-${defs.length}`;
        const n = Math.max(1, item.colors.length - 1);
        defs.push(`<linearGradient id="${id}">${item.colors.map((c, k) => `<stop offset="${f((100 * k) / n)}%" stop-color="${escapeXml(c)}"/>`).join('')}</linearGradient>`);
        out.push(`<rect class="ramp" x="${f(at)}" y="${f(mid - 5)}" width="${KEY_W.ramp}" height="10" fill="url(#${id})" stroke="#999999"/>`);
      } else if (item.kind === 'swatch') {
        if (item.outline) out.push(`<rect x="${f(at - 2)}" y="${f(mid - 8)}" width="${KEY_W.swatch + 4}" height="16" fill="none" stroke="${escapeXml(item.outline)}" stroke-width="2"/>`);
        out.push(`<rect class="swatch" x="${f(at)}" y="${f(mid - 6)}" width="${KEY_W.swatch}" height="12" fill="${escapeXml(item.fill)}" stroke="${escapeXml(item.border)}"${item.outline ? ' stroke-width="2"' : ''}/>`);
      } else {
        out.push(`<line x1="${f(at)}" y1="${f(mid)}" x2="${f(at + KEY_W.line)}" y2="${f(mid)}" stroke="${escapeXml(item.color)}" stroke-width="3"${item.dashed ? ' stroke-dasharray="4 3"' : ''}/>`);
      }
    }
  });
  if (defs.length) out.push(`<defs>${defs.join('')}</defs>`);
  out.push('</g>');
  return out;
}
