/**
 * The Pattern tab, beside Variants (docs/METHOD.md "Pattern compression"): each group of cases of one shape as
 * nested loops, its files, how start offsets fit a·rank + b across ranks, and an IOR command line when the fit is
 * exact (else why not); each case's own pattern on request. The same report as `strace-dfg replay --pattern`.
 */
import { useEffect, useState } from 'react';
import type { PatternGroup, PatternReport } from '../../analysis/replay/index';
import { formatCount } from '../../lib/format';
import { useApp } from '../appContext';
import './replay.css';

function fitText(g: PatternGroup): string {
  const fits = g.fits.filter((f) => f !== null);
  if (g.cases.length < 2) return '';
  if (!fits.length) return 'no data requests';
  const off = fits.filter((f) => !f.exact).length;
  return off ? `${off} of ${fits.length} start offsets do not fit a·rank + b` : 'every start offset is a·rank + b exactly';
}

function Group({ g, i }: { g: PatternGroup; i: number }) {
  const who = g.cases.length > 1 ? `${g.cases.length} cases, ranks ${g.ranks.join(', ')}` : `case ${g.cases[0]}`;
  return (
    <div className="group" data-testid={`pattern-group-${i}`}>
      <h4>
        {who} — {formatCount(g.calls)} calls each in {g.terms} term{g.terms === 1 ? '' : 's'}
      </h4>
      {g.files.map((f, k) => (
        <div key={k}>
          <code>f{k}</code> = {f === null ? <span className="muted">a different path per rank</span> : <code>{f}</code>}
        </div>
      ))}
      <pre data-testid="pattern-text">{g.text}</pre>
      {fitText(g) && <div className="muted">{fitText(g)}</div>}
      {g.ior ? (
        <div>
          IOR: <code data-testid="pattern-ior">{g.ior.command}</code>
          {g.ior.notes.map((n) => (
            <div key={n} className="muted">
              ({n})
            </div>
          ))}
        </div>
      ) : (
        <div className="muted">No IOR command: {g.noIor}</div>
      )}
    </div>
  );
}

export function PatternTab() {
  const result = useApp((s) => s.result);
  const ask = useApp((s) => s.ask);
  const [state, setState] = useState<{ for: unknown; report: PatternReport | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!result) return;
    let live = true;
    ask('replayPattern', ['all']).then(
      (report) => live && setState({ for: result, report, error: null }),
      (e: unknown) => live && setState({ for: result, report: null, error: (e as Error).message ?? String(e) }),
    );
    return () => {
      live = false;
    };
  }, [result, ask]);
  if (!state || state.for !== result) return <p className="muted">Compressing each case&apos;s I/O into loops…</p>;
  if (state.error) return <p className="error">Pattern: {state.error}</p>;
  const r = state.report!;
  if (!r.cases.length) return <p className="muted">No case to compress.</p>;
  return (
    <div className="pattern-tab" data-testid="pattern-tab">
      <p className="muted">Each case&apos;s own data and metadata calls (as replayed) as nested loops; cases of one shape grouped across ranks.</p>
      {r.groups.map((g, i) => (
        <Group key={i} g={g} i={i} />
      ))}
      <details className="cases">
        <summary>Each case&apos;s own pattern ({r.cases.length})</summary>
        {r.cases.map((c) => (
          <div key={c.id}>
            <code>{c.id}</code> ({formatCount(c.calls)} calls): <code>{c.text}</code>
          </div>
        ))}
      </details>
    </div>
  );
}
