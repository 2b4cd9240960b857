/**
 * The graph's colours that follow the page's colour scheme: read from the CSS variables of src/ui/app.css
 * (`--graph-*`, light by default, dark under `prefers-color-scheme: dark`). Node fills carry meaning
 * (metric, partition, difference) and stay as colors.ts makes them; these are the canvas, labels, plain
 * edges, ● / ■ and the keyboard focus ring.
 */
import { EDGE_DEFAULT, EDGE_GREEN, EDGE_NEITHER, EDGE_RED, TERMINAL_FILL } from './colors';

export interface GraphTheme {
  dark: boolean;
  background: string;
  label: string;
  nodeBorder: string;
  edge: string;
  edgeFaint: string;
  edgeLabel: string;
  edgeLabelBg: string;
  terminal: string;
  focus: string;
  /** The page text colour (export legends). */
  text: string;
}

export const LIGHT: GraphTheme = {
  dark: false, background: '#FAFAFA', label: '#212121', nodeBorder: '#616161', edge: EDGE_DEFAULT, edgeFaint: EDGE_NEITHER,
  edgeLabel: '#37474F', edgeLabelBg: '#FFFFFF', terminal: TERMINAL_FILL, focus: '#1565C0', text: '#37474F',
};

const VARS: [keyof GraphTheme, string][] = [
  ['background', '--graph-bg'], ['label', '--graph-label'], ['nodeBorder', '--graph-node-border'], ['edge', '--graph-edge'],
  ['edgeFaint', '--graph-edge-faint'], ['edgeLabel', '--graph-edge-label'], ['edgeLabelBg', '--graph-edge-label-bg'],
  ['terminal', '--graph-terminal'], ['focus', '--graph-focus'], ['text', '--fg'],
];

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The current theme from the document's CSS variables (LIGHT's value where one is not set). */
export function readTheme(doc: Document | null = typeof document === 'undefined' ? null : document): GraphTheme {
  if (!doc?.documentElement || typeof getComputedStyle === 'undefined') return LIGHT;
  const css = getComputedStyle(doc.documentElement);
  const t: GraphTheme = { ...LIGHT, dark: typeof matchMedia !== 'undefined' && matchMedia(DARK_QUERY).matches };
  for (const [k, v] of VARS) {
    const value = css.getPropertyValue(v).trim();
    if (value) (t as unknown as Record<string, string>)[k] = value;
  }
  return t;
}

/** Plain edge colours (grey, faint grey) in the theme's; the partition's green and red lighter on a dark
 * canvas; difference colours stay. */
export function themedEdge(color: string, t: GraphTheme): string {
  if (color === EDGE_DEFAULT) return t.edge;
  if (color === EDGE_NEITHER) return t.edgeFaint;
  if (t.dark && color === EDGE_GREEN) return '#66BB6A';
  if (t.dark && color === EDGE_RED) return '#EF5350';
  return color;
}

/** Calls `fn` when the system's colour scheme changes; returns the unsubscribe. */
export function onSchemeChange(fn: () => void): () => void {
  if (typeof matchMedia === 'undefined') return () => undefined;
  const q = matchMedia(DARK_QUERY);
  q.addEventListener('change', fn);
  return () => q.removeEventListener('change', fn);
}
