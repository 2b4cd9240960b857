/** Green/red partition of the cases (docs/METHOD.md "Colouring"): by cid, host, regex over case ids, or by hand. */
import { useMemo, useState } from 'react';
import { END, START } from '../analysis/types';
import { idsSelector, parseIdList } from '../session/view';
import { useApp } from './appContext';

const idsOf = (sel: string): Set<string> => new Set(sel.startsWith('ids:') ? parseIdList(sel.slice(4)) : []);

export function PartitionPicker() {
  const green = useApp((s) => s.view.green);
  const red = useApp((s) => s.view.red);
  const summary = useApp((s) => s.summary);
  const part = useApp((s) => s.result?.partition ?? null);
  const partitionCases = useApp((s) => s.partitionCases);
  const setPartition = useApp((s) => s.setPartition);
  const swap = useApp((s) => s.swapPartition);
  const clear = useApp((s) => s.clearPartition);
  const error = useApp((s) => s.partitionError);
  const hideUnassigned = useApp((s) => s.view.hideUnassigned);
  const setHideUnassigned = useApp((s) => s.setHideUnassigned);
  const total = useApp((s) => s.summary?.cases ?? 0);
  const [g, setG] = useState(green);
  const [r, setR] = useState(red);
  const [seen, setSeen] = useState([green, red]);
  if (seen[0] !== green || seen[1] !== red) {
    setSeen([green, red]);
    setG(green);
    setR(red);
  }
  const sides = useMemo(() => {
    const n = { green: 0, red: 0, both: 0, neither: 0 };
    // Activities only (● and ■ are in every case).
    if (part) for (const [id, v] of Object.entries(part.nodes)) if (id !== START && id !== END) n[v.side]++;
    return n;
  }, [part]);
  if (!summary) return null;
  return (
    <section className="partition" data-testid="partition">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void setPartition(g.trim(), r.trim());
        }}
      >
        <label className="green-label">
          Green <input value={g} onChange={(e) => setG(e.target.value)} placeholder="cid:a, host:n1, re:^ior_, ids:A,B" data-testid="green-input" />
        </label>
        <label className="red-label">
          Red <input value={r} onChange={(e) => setR(e.target.value)} placeholder="cid:b" data-testid="red-input" />
        </label>
        <button type="submit" data-testid="apply-partition">
          Apply
        </button>{' '}
        <button type="button" onClick={() => void swap()} data-testid="swap-partition" title="Swap green and red">
          Swap
        </button>{' '}
        <button type="button" onClick={() => void clear()} data-testid="clear-partition">
          Clear
        </button>
      </form>
      {error && (
        <p className="error" role="alert" data-testid="partition-error">
          {error}
        </p>
      )}
      <Presets />
      <label title="Analyse only the green and the red cases (the link's unassigned=hide)">
        <input type="checkbox" checked={hideUnassigned} disabled={!green && !red} onChange={(e) => void setHideUnassigned(e.target.checked)} data-testid="hide-unassigned" /> hide unassigned cases
        {(green || red) && partitionCases && (
          <span className="muted" data-testid="unassigned-count"> ({Math.max(0, total - partitionCases.green.length - partitionCases.red.length)} of {total} loaded cases unassigned)</span>
        )}
      </label>
      {(green || red) && (
        <p className="legend" data-testid="partition-legend">
          <span className="swatch green" /> green: {partitionCases?.green.length ?? part?.greenCases ?? 0} cases, {sides.green} nodes only there ·{' '}
          <span className="swatch red" /> red: {partitionCases?.red.length ?? part?.redCases ?? 0} cases, {sides.red} nodes only there · {sides.both} in both
          {sides.neither > 0 && ` · ${sides.neither} only in unassigned cases (grey)`}
        </p>
      )}
      <HandAssign />
    </section>
  );
}

/** One click per cid (and per host, when there are several): green or red. */
function Presets() {
  const summary = useApp((s) => s.summary);
  if (!summary || (summary.cids.length <= 1 && summary.hosts.length <= 1)) return null;
  return (
    <div className="presets">
      {summary.cids.map((c) => (
        <Preset key={`c${c}`} kind="cid" value={c} />
      ))}
      {summary.hosts.length > 1 && summary.hosts.map((h) => <Preset key={`h${h}`} kind="host" value={h} />)}
    </div>
  );
}

/** `kind value` with its G and R buttons: the selector `kind:value` on that side (and off the other). */
function Preset({ kind, value }: { kind: 'cid' | 'host'; value: string }) {
  const green = useApp((s) => s.view.green);
  const red = useApp((s) => s.view.red);
  const setPartition = useApp((s) => s.setPartition);
  const sel = `${kind}:${value}`;
  return (
    <span className="preset">
      {kind} {value}
      <button className="small g" onClick={() => void setPartition(sel, red === sel ? '' : red)} title={`green = ${sel}`}>
        G
      </button>
      <button className="small r" onClick={() => void setPartition(green === sel ? '' : green, sel)} title={`red = ${sel}`}>
        R
      </button>
    </span>
  );
}

/** Cases assigned one by one (the `ids:` selectors), found by a search of their ids (200 listed at most). */
function HandAssign() {
  const summary = useApp((s) => s.summary);
  const green = useApp((s) => s.view.green);
  const red = useApp((s) => s.view.red);
  const setPartition = useApp((s) => s.setPartition);
  const [search, setSearch] = useState('');
  const cases = useMemo(() => summary?.caseList ?? [], [summary]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (q ? cases.filter((c) => c.id.toLowerCase().includes(q)) : cases).slice(0, 200);
  }, [cases, search]);
  const hand = { green: idsOf(green), red: idsOf(red) };
  const toggle = (id: string, side: 'green' | 'red') => {
    const gs = new Set(hand.green);
    const rs = new Set(hand.red);
    const mine = side === 'green' ? gs : rs;
    const other = side === 'green' ? rs : gs;
    if (mine.has(id)) mine.delete(id);
    else {
      mine.add(id);
      other.delete(id);
    }
    void setPartition(side === 'green' || green.startsWith('ids:') || !green ? idsSelector(gs) : green, side === 'red' || red.startsWith('ids:') || !red ? idsSelector(rs) : red);
  };
  return (
    <details>
      <summary>Assign cases by hand ({cases.length})</summary>
      <input type="search" placeholder="search case ids" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="case-search" />
      <ul className="case-list">
        {shown.map((c) => (
          <li key={c.id}>
            <button className={`small g ${hand.green.has(c.id) ? 'on' : ''}`} onClick={() => toggle(c.id, 'green')} aria-pressed={hand.green.has(c.id)}>
              G
            </button>
            <button className={`small r ${hand.red.has(c.id) ? 'on' : ''}`} onClick={() => toggle(c.id, 'red')} aria-pressed={hand.red.has(c.id)}>
              R
            </button>{' '}
            {c.id} <span className="muted">({c.events} events)</span>
          </li>
        ))}
        {cases.length > shown.length && <li className="muted">… refine the search to see more</li>}
      </ul>
    </details>
  );
}
