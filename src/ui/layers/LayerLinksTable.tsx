/**
 * The Layer links table (docs/METHOD.md "Layer links", GUIDE "Layers"): which call of the layer above each
 * analysed call served — per (upper call, lower call) the links and bytes — and per layer what was linked and
 * what not. OTF2 traces link by their I/O handles; Darshan DXT logs by time on each rank (the table says
 * which). Names are text, never HTML.
 */
import type { ReactNode } from 'react';
import type { LayerLinks } from '../../analysis/layers/links';
import { formatBytes, formatCount } from '../../lib/format';
import { layerColor } from './layerColors';
import '../tables/tables.css';
import './layers.css';

const SOURCE = { handles: "linked by the trace's I/O handles", time: 'linked by time on each rank (Darshan DXT has no handles)' };

function Layer({ name }: { name: string }) {
  return (
    <>
      <i className="layer-swatch" style={{ background: layerColor(name) }} />
      {name}
    </>
  );
}

/** `POSIX: 4 linked, 1 not linked (…)` per layer. */
function counts(links: LayerLinks): string[] {
  return Object.entries(links.layers).map(([layer, c]) => {
    const parts = [`${formatCount(c.linked)} linked`];
    if (c.unmatched) parts.push(`${formatCount(c.unmatched)} not linked: a parent handle, and no call of the layers above holds it`);
    if (c.outside) parts.push(`${formatCount(c.outside)} linked to a call outside the events analysed`);
    return `${layer}: ${parts.join(', ')}`;
  });
}

/** Why the table is empty: the log traces one layer only (nothing to link), or no call of the events analysed was linked. */
function NoLinks({ links }: { links: LayerLinks }) {
  if (links.onlyLayer !== null) {
    return (
      <p className="tbl-empty" data-testid="layer-links-none">
        Only one layer is traced, <Layer name={links.onlyLayer} />, so there is nothing to link: no call has a traced layer above it.
      </p>
    );
  }
  return (
    <p className="tbl-empty" data-testid="layer-links-none">
      No call of the events analysed is linked to a layer above.
    </p>
  );
}

/** `totals`: the layers' totals, shown in the toolbar (when there is no Call sites table to show them). */
export function LayerLinksTable({ links, totals }: { links: LayerLinks; totals: ReactNode }) {
  const source = links.sources.map((s) => SOURCE[s]).join('; ');
  return (
    <section className={`tbl-panel layer-links${totals ? ' alone' : ''}`} aria-label="Layer links" data-testid="layer-links" data-sources={links.sources.join(' ')}>
      <div className="tbl-toolbar">
        <strong>Layer links</strong>
        <span className="tbl-count layer-links-source" data-testid="layer-links-source" title={`which call of the layer above each call served, ${source}`}>
          {source}: which call of the layer above each call served
        </span>
        {totals}
      </div>
      <div className="tbl-scroll fill">
        {links.rows.length > 0 && (
          <table className="tbl">
            <thead>
              <tr>
                <th>layer above</th>
                <th>call</th>
                <th aria-label="served" />
                <th>layer</th>
                <th>call</th>
                <th className="num">links</th>
                <th className="num">bytes</th>
              </tr>
            </thead>
            <tbody>
              {links.rows.map((r) => (
                <tr key={`${r.upperLayer}\0${r.upperCall}\0${r.lowerLayer}\0${r.lowerCall}`} data-testid="layer-links-row" data-upper={`${r.upperLayer} ${r.upperCall}`} data-lower={`${r.lowerLayer} ${r.lowerCall}`} data-links={r.links}>
                  <td><Layer name={r.upperLayer} /></td>
                  <td className="act">{r.upperCall}</td>
                  <td>→</td>
                  <td><Layer name={r.lowerLayer} /></td>
                  <td className="act">{r.lowerCall}</td>
                  <td className="num">{formatCount(r.links)}</td>
                  <td className="num">{formatBytes(r.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {links.rows.length === 0 && <NoLinks links={links} />}
      </div>
      <ul className="layer-links-counts" data-testid="layer-links-counts">
        {counts(links).map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </section>
  );
}
