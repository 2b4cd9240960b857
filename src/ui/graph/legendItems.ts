/**
 * The legend of the PNG/SVG exports, read from the page's legend (GraphControls.tsx): each line (a `div` of
 * the legend) as a row of items — text, a colour ramp, a swatch, an edge line — so that the picture shows
 * the ramp with its numbers ("0 [white → blue] 86.7 %") and not the text alone ("086.7%unavailable").
 */

export type LegendItem =
  | { kind: 'text'; text: string }
  | { kind: 'ramp'; colors: string[] }
  | { kind: 'swatch'; fill: string; border: string; outline?: string }
  | { kind: 'line'; color: string; dashed: boolean };
export type LegendLine = LegendItem[];

/** Widths of the keys as the page draws them (px at the legend's font size). */
export const KEY_W = { ramp: 120, swatch: 12, line: 18 } as const;
/** Space after a key. */
export const KEY_GAP = 4;

const COLOR = /rgba?\([^)]*\)|#[0-9a-fA-F]{3,8}\b|\b(?:white|black|transparent)\b/g;

/** The key an empty, styled `span` of the legend draws (null: none). */
function keyOf(el: HTMLElement): LegendItem | null {
  const st = el.style;
  const bg = st.backgroundImage || st.background;
  if (bg.includes('gradient')) return { kind: 'ramp', colors: bg.match(COLOR) ?? [] };
  if (st.borderTopStyle && st.borderTopStyle !== 'none' && !st.backgroundColor && !bg) return { kind: 'line', color: st.borderTopColor, dashed: st.borderTopStyle === 'dashed' };
  const fill = st.backgroundColor || bg;
  if (fill) return { kind: 'swatch', fill, border: st.borderTopColor || st.borderColor || '#616161', outline: st.outlineColor || undefined };
  return null;
}

function walk(node: Node, out: LegendItem[]): void {
  for (const c of Array.from(node.childNodes)) {
    if (c.nodeType === 3) {
      const t = (c.textContent ?? '').replace(/\s+/g, ' ');
      const last = out[out.length - 1];
      if (last?.kind === 'text') last.text += t;
      else if (t) out.push({ kind: 'text', text: t });
    } else if (c instanceof HTMLElement) {
      if (c.childNodes.length === 0) {
        const k = keyOf(c);
        if (k) out.push(k);
      } else walk(c, out);
    }
  }
}

/** The legend's lines as the page shows them (every line, also those a folded legend hides). */
export function legendItems(root: ParentNode | null): LegendLine[] {
  const lines: LegendLine[] = [];
  for (const d of Array.from(root?.querySelectorAll('[data-testid=graph-legend] > div') ?? [])) {
    const items: LegendItem[] = [];
    walk(d, items);
    const trimmed = items
      .map((i) => (i.kind === 'text' ? { ...i, text: i.text } : i))
      .filter((i) => i.kind !== 'text' || i.text.trim() !== '');
    if (trimmed.length) lines.push(trimmed);
  }
  return lines;
}

/** A line as plain text (keys as their colours in brackets): for the tests and screen readers. */
export function lineText(line: LegendLine): string {
  return line
    .map((i) => (i.kind === 'text' ? i.text : i.kind === 'ramp' ? `[${i.colors.join(' → ')}]` : i.kind === 'swatch' ? `[${i.fill}]` : `[${i.dashed ? 'dashed ' : ''}${i.color}]`))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lays the items of a line out from x, each with its width (`measure`: text width in px). */
export function placeItems(line: LegendLine, measure: (t: string) => number): { item: LegendItem; x: number; w: number }[] {
  let x = 0;
  return line.map((item) => {
    const w = item.kind === 'text' ? measure(item.text) : KEY_W[item.kind] + KEY_GAP;
    const at = { item, x, w };
    x += w;
    return at;
  });
}
