/**
 * The graph's PNG and SVG exports, each with the page's legend drawn under the graph (the file reads
 * without the page). The PNG is Cytoscape's picture in the page's colours; the SVG is drawn by svgExport.ts
 * in the light colours.
 */
import type { ActivityStats } from '../../analysis/types';
import { download } from '../exportFiles';
import type { CyView } from './cyView';
import { FONT_FAMILY, FONT_PX, nodeLabelLines } from './labels';
import { LEGEND_LINE, toSvg } from './svgExport';
import { readTheme } from './theme';

/** The legend's lines as the page shows them (each `div` of the legend box is one line). */
export function legendLines(root: HTMLElement | null): string[] {
  return Array.from(root?.querySelectorAll('[data-testid=graph-legend] > div') ?? [], (d) => (d.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
}

export function exportPng(view: CyView, lines: string[]): void {
  const theme = readTheme();
  const scale = 2;
  const url = view.cy.png({ output: 'base64uri', full: true, scale, bg: theme.background, maxWidth: 16000, maxHeight: 16000 });
  const img = new Image();
  img.onload = () => {
    const pad = 20 * scale;
    const lh = LEGEND_LINE * scale;
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height + (lines.length ? pad + lines.length * lh : 0);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0);
    ctx.fillStyle = theme.text;
    ctx.font = `${FONT_PX * scale}px ${FONT_FAMILY}`;
    lines.forEach((l, i) => ctx.fillText(l, pad / 2, img.height + pad + (i + 0.8) * lh));
    canvas.toBlob((blob) => blob && download('strace-dfg.png', blob, 'image/png'), 'image/png');
  };
  img.src = url;
}

export function exportSvg(view: CyView, stats: Map<string, ActivityStats>, lines: string[]): void {
  const parts = view.svgParts((id) => {
    const a = stats.get(id);
    return a ? nodeLabelLines(a) : [id];
  });
  download('strace-dfg.svg', toSvg(parts.nodes, parts.edges, FONT_FAMILY, FONT_PX, lines), 'image/svg+xml');
}
