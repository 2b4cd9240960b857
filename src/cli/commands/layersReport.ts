/** The analyze report's Layers, Layer links and Call sites tables (docs/METHOD.md "Layers"): logs with stacks or layers. */
import type { CliJson } from '../../analysis/cliJson';
import { formatBytes, formatCount, formatDuration } from '../../lib/format';
import { more, safe, table } from '../text';

/** Rows of the Call sites table with the default --top (the JSON has every site). */
export const SITES_SHOWN = 15;

/** `a 5, b 2` (most first), at most `max` of them. */
function counts(m: Record<string, number>, max = 3): string {
  const e = Object.entries(m).sort((x, y) => y[1] - x[1]);
  return e.slice(0, max).map(([k, n]) => `${safe(k)} ${formatCount(n)}`).join(', ') + (e.length > max ? `, … (${e.length})` : '');
}

const SOURCE = { handles: "by the trace's I/O handles", time: 'by time containment on each rank (Darshan DXT has no handles)' };

/** The Layer links table: per (upper call, lower call) the lower calls linked, then per layer what was not linked. */
function linksTable(doc: CliJson): string[] {
  const l = doc.layer_links;
  if (!l) return [];
  const out = ['', `Layer links (which call of the layer above each call served: ${l.sources.map((s) => SOURCE[s]).join('; ')})`];
  if (!l.rows.length && l.onlyLayer !== null) out.push(`  only one layer is traced, ${safe(l.onlyLayer)}, so there is nothing to link: no call has a traced layer above it`);
  else if (!l.rows.length) out.push('  no call of the events analysed is linked to a layer above');
  else out.push(...table(['layer above', 'call', '', 'layer', 'call', 'links', 'bytes'], l.rows.map((r) => [safe(r.upperLayer), safe(r.upperCall), '->', safe(r.lowerLayer), safe(r.lowerCall), formatCount(r.links), formatBytes(r.bytes)]), [false, false, false, false, false, true, true]));
  for (const [layer, c] of Object.entries(l.layers)) {
    const parts = [`${formatCount(c.linked)} linked`];
    if (c.unmatched) parts.push(`${formatCount(c.unmatched)} on a handle with a parent that no call of the layers above holds (not linked)`);
    if (c.outside) parts.push(`${formatCount(c.outside)} linked to a call outside the events analysed`);
    out.push(`  ${safe(layer)}: ${parts.join(', ')}`);
  }
  return out;
}

export function layersTables(doc: CliJson, top: number): string[] {
  const layers = Object.entries(doc.layers ?? {});
  if (!layers.length) return [];
  const out = ['', 'Layers (which library issued the calls: strace -k stacks, or the trace\'s own layers)'];
  out.push(...table(['layer', 'calls', 'bytes', 'time'], layers.map(([l, t]) => [safe(l), formatCount(t.calls), formatBytes(t.bytes), formatDuration(t.time)]), [false, true, true, true]));
  out.push(...linksTable(doc));
  const sites = doc.call_sites ?? [];
  if (!sites.length) return out;
  const shown = sites.slice(0, top ? Math.min(top, SITES_SHOWN) : sites.length);
  out.push('', `Call sites (${formatCount(sites.length)}: the program's first frame in each call's stack; entries: the library functions it called; most calls first)`);
  out.push(
    ...table(
      ['call site', 'calls', 'bytes', 'time', 'layers', 'entries', 'files'],
      shown.map((s) => [safe(s.site), formatCount(s.calls), formatBytes(s.bytes), formatDuration(s.time), counts(s.layers), counts(s.entries, 2), counts(s.files, 2)]),
      [false, true, true, true, false, false, false],
    ),
    ...more(shown.length, sites.length, 'call sites'),
  );
  return out;
}
