/**
 * The graph's PNG and SVG exports, each with the page's legend drawn under the graph (the file reads
 * without the page) and, when the graph is cut, what it shows ("showing 6 of 8 activities"). The PNG is Cytoscape's picture in the page's colours; the SVG is drawn by svgExport.ts
 * in the light colours.
 */
import type { ActivityStats } from '../../analysis/types';
import { download } from '../exportFiles';
import type { CyView } from './cyView';
import { FONT_FAMILY, FONT_PX, nodeLabelLines, type LabelDetail } from './labels';
import { KEY_W, legendItems, placeItems, type LegendItem, type LegendLine } from './legendItems';
import { LEGEND_LINE, toSvg } from './svgExport';
import { readTheme } from './theme';

/** The lines under the exported graph: what is shown when the graph is cut ("showing 6 of 8 activities, …",
 * so the file says what it leaves out), then the legend with its keys (legendItems.ts). */
export function exportLegend(root: HTMLElement | null, shown: string | null): LegendLine[] {
  return [...(shown ? [[{ kind: 'text', text: shown } as LegendItem]] : []), ...legendItems(root)];
}

export function exportPng(view: CyView, lines: LegendLine[]): void {
  const theme = readTheme();
  const scale = 2;
  const url = view.cy.png({ output: 'base64uri', full: true, scale, bg: theme.background, maxWidth: 16000, maxHeight: 16000 });
  const img = new Image();
  img.onload = () => {
    const pad = 20 * scale;
    const lh = LEGEND_LINE * scale;
    const canvas = document.createElement('canvas');
    const ctx0 = canvas.getContext('2d');
    if (!ctx0) return;
    ctx0.font = `${FONT_PX * scale}px ${FONT_FAMILY}`;
    const measure = (t: string): number => ctx0.measureText(t).width / scale;
    const widest = Math.max(0, ...lines.map((l) => placeItems(l, measure).reduce((w, p) => Math.max(w, p.x + p.w), 0)));
    canvas.width = Math.max(img.width, Math.ceil((widest + 20) * scale));
    canvas.height = img.height + (lines.length ? pad + lines.length * lh : 0);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0);
    ctx.font = `${FONT_PX * scale}px ${FONT_FAMILY}`;
    lines.forEach((l, i) => drawLine(ctx, l, pad / 2, img.height + pad + (i + 0.8) * lh, scale, theme.text, measure));
    canvas.toBlob((blob) => blob && download('strace-dfg.png', blob, 'image/png'), 'image/png');
  };
  img.src = url;
}

/** One legend line on the PNG: text in the theme's colour, the keys in theirs. */
function drawLine(ctx: CanvasRenderingContext2D, line: LegendLine, x0: number, base: number, scale: number, text: string, measure: (t: string) => number): void {
  const mid = base - FONT_PX * 0.35 * scale;
  for (const { item, x } of placeItems(line, measure)) {
    const at = x0 + x * scale;
    if (item.kind === 'text') {
      ctx.fillStyle = text;
      ctx.fillText(item.text, at, base);
    } else if (item.kind === 'ramp') {
      const g = ctx.createLinearGradient(at, 0, at + KEY_W.ramp * scale, 0);
      const n = Math.max(1, item.colors.length - 1);
      item.colors.forEach((c, k) => g.addColorStop(k / n, c));
      ctx.fillStyle = g;
      ctx.fillRect(at, mid - 5 * scale, KEY_W.ramp * scale, 10 * scale);
      ctx.strokeStyle = '#999';
      ctx.strokeRect(at, mid - 5 * scale, KEY_W.ramp * scale, 10 * scale);
    } else if (item.kind === 'swatch') {
      ctx.fillStyle = item.fill;
      ctx.fillRect(at, mid - 6 * scale, KEY_W.swatch * scale, 12 * scale);
      ctx.strokeStyle = item.outline ?? item.border;
      ctx.lineWidth = scale;
      ctx.strokeRect(at, mid - 6 * scale, KEY_W.swatch * scale, 12 * scale);
    } else {
      ctx.strokeStyle = item.color;
      ctx.lineWidth = 3 * scale;
      ctx.setLineDash(item.dashed ? [4 * scale, 3 * scale] : []);
      ctx.beginPath();
      ctx.moveTo(at, mid);
      ctx.lineTo(at + KEY_W.line * scale, mid);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
}

export function exportSvg(view: CyView, stats: Map<string, ActivityStats>, lines: LegendLine[], detail: LabelDetail = 'full'): void {
  const parts = view.svgParts((id) => {
    const a = stats.get(id);
    return a ? nodeLabelLines(a, detail) : [id];
  });
  download('strace-dfg.svg', toSvg(parts.nodes, parts.edges, FONT_FAMILY, FONT_PX, lines), 'image/svg+xml');
}
