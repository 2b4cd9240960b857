/**
 * Distinct traces (variants) with their multiplicity and cases. Each variant is collapsible: collapsed it
 * shows the start of its chain of activities, expanded the whole chain and its cases. Repeats in a row
 * are one step `write:/scratch/ssf ×48`, as the CLI prints them. "keep these cases" keeps exactly the
 * cases of a variant (a case filter). Paged.
 */
import { useMemo, useState } from 'react';
import type { VariantsListProps } from '../contracts';
import { formatCount } from '../../lib/format';
import { filterVariants, preview, runs, sortVariants, totalCases } from './lists';
import './tables.css';
import '../loading.css';

const PAGE = 50;
const CHAIN_PREVIEW = 8;
const CASES_PREVIEW = 50;

function Chain({ trace, max }: { trace: string[]; max: number }) {
  const { shown, hidden } = preview(runs(trace), max);
  return (
    <ol className="var-chain" aria-label="activities in order">
      {shown.map(({ act: a, n }, k) => (
        <li key={k}>
          {k > 0 && <span className="arrow" aria-hidden="true">→</span>}
          <span className={a === '●' || a === '■' ? 'act frame' : 'act'} title={n > 1 ? `${a}, ${formatCount(n)} times in a row` : a} data-testid="variant-step">
            {a}
            {n > 1 && <span className="run"> ×{formatCount(n)}</span>}
          </span>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <span className="arrow" aria-hidden="true">→</span>
          <span className="more">… {formatCount(hidden)} more</span>
        </li>
      )}
    </ol>
  );
}

function VariantItem({ v, rank, total, onKeep }: { v: VariantsListProps['variants'][number]; rank: number; total: number; onKeep?: (ids: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [allCases, setAllCases] = useState(false);
  const cases = allCases ? { shown: v.cases, hidden: 0 } : preview(v.cases, CASES_PREVIEW);
  const inner = v.trace.length - 2;
  return (
    <li className="var-item" data-testid="variant">
      <button type="button" className="var-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="var-caret" aria-hidden="true">{open ? '▾' : '▸'}</span>
        <span className="var-rank">#{rank}</span>
        <span className="var-count" data-testid="variant-count">×{formatCount(v.count)}</span>
        <span className="var-share">{total > 0 ? `${((100 * v.count) / total).toFixed(1)}% of cases` : ''}</span>
        <span className="var-len">{formatCount(Math.max(0, inner))} activities</span>
      </button>
      {onKeep && v.count < total && (
        <button type="button" className="link var-keep" onClick={() => onKeep(v.cases)} title="Keep only the cases of this variant (a case filter; remove it under the graph's case filters)" data-testid="variant-keep">
          keep {v.count === 1 ? 'this case' : `these ${formatCount(v.count)} cases`}
        </button>
      )}
      <Chain trace={v.trace} max={open ? Infinity : CHAIN_PREVIEW} />
      {open && (
        <div className="var-cases">
          <span className="var-cases-label">cases:</span>
          <ul>
            {cases.shown.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          {cases.hidden > 0 && (
            <button type="button" className="link" onClick={() => setAllCases(true)}>
              show {formatCount(cases.hidden)} more cases
            </button>
          )}
        </div>
      )}
    </li>
  );
}

export function VariantsList({ variants, onKeepCases }: VariantsListProps) {
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const sorted = useMemo(() => sortVariants(variants), [variants]);
  const rank = useMemo(() => new Map(sorted.map((v, k) => [v, k + 1])), [sorted]);
  const rows = useMemo(() => filterVariants(sorted, query), [sorted, query]);
  const total = useMemo(() => totalCases(variants), [variants]);
  const shown = rows.slice(0, pages * PAGE);
  return (
    <section className="tbl-panel variants" aria-label="Variants" data-testid="variants-list">
      <div className="tbl-toolbar">
        <input type="search" placeholder="Filter by activity or case…" aria-label="Filter variants" value={query} onChange={(e) => { setQuery(e.target.value); setPages(1); }} />
        <span className="tbl-count" data-testid="variants-count">
          {formatCount(variants.length)} variants over {formatCount(total)} cases{rows.length !== variants.length ? ` · ${formatCount(rows.length)} match` : ''}
        </span>
      </div>
      <ol className="var-list">
        {shown.map((v) => (
          <VariantItem key={rank.get(v)} v={v} rank={rank.get(v) ?? 0} total={total} onKeep={onKeepCases} />
        ))}
      </ol>
      {rows.length === 0 && <p className="tbl-empty">{variants.length === 0 ? 'No variants.' : 'No variant matches.'}</p>}
      {shown.length < rows.length && (
        <button type="button" className="link" onClick={() => setPages((p) => p + 1)}>
          show {formatCount(Math.min(PAGE, rows.length - shown.length))} more of {formatCount(rows.length - shown.length)}
        </button>
      )}
    </section>
  );
}
