/**
 * The Insights tab: the findings of the insight rules (docs/METHOD.md "Insights") ranked — those to act on
 * (HIGH, WARN) by the time they account for, then INFO, then OK — each with its cost, numbers, the files
 * and cases responsible, recommendations and snippets; a click selects the
 * finding's nodes, opens its activity's timeline, or puts its cases in green against the rest. The
 * thresholds are editable as JSON (part of the view and the URL). Trace content is shown as text only.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Finding } from '../../analysis/insights/types';
import { thresholdsJson } from '../../session/view';
import { appText, formatBytes, formatSeconds } from '../../lib/format';
import { useApp } from '../appContext';
import { itsCasesVsRest } from './findingCases';
import { insightsNotes } from './notes';
import './insights.css';

/** The panel's groups, in the findings' order (they come ranked by cost). */
const GROUPS: { id: string; title: string; of: (f: Finding) => boolean }[] = [
  { id: 'act', title: 'To act on — most time first', of: (f) => f.level === 'HIGH' || f.level === 'WARN' },
  { id: 'INFO', title: 'INFO', of: (f) => f.level === 'INFO' },
  { id: 'OK', title: 'OK', of: (f) => f.level === 'OK' },
];
const SIDE_TEXT = { green: 'only in green', red: 'only in red', both: 'green and red' } as const;

export function InsightsPanel() {
  const result = useApp((s) => s.result);
  const insights = useApp((s) => s.insights);
  const loading = useApp((s) => s.insightsLoading);
  const loadInsights = useApp((s) => s.loadInsights);
  const caseCount = useApp((s) => s.keptCases);
  useEffect(() => {
    if (result && !insights && !loading) void loadInsights();
  }, [result, insights, loading, loadInsights]);
  if (!result) return <p className="muted">No analysis yet.</p>;
  if (!insights) return <p className="muted">Running the rules…</p>;
  return (
    <section className="insights" data-testid="insights">
      <p className="muted">
        {insights.findings.length} finding{insights.findings.length === 1 ? '' : 's'} over {caseCount} case{caseCount === 1 ? '' : 's'}
        {insightsNotes(insights)}
      </p>
      {GROUPS.map((g) => {
        const fs = insights.findings.filter(g.of);
        return fs.length ? (
          <div key={g.id} className="level" data-testid={`insights-${g.id}`}>
            <h4>
              {g.title} <span className="muted">({fs.length})</span>
            </h4>
            {fs.map((f, i) => (
              <FindingCard key={`${f.code}-${f.run ?? ''}-${f.activity ?? ''}-${i}`} f={f} />
            ))}
          </div>
        ) : null;
      })}
      {insights.findings.length === 0 && <p data-testid="insights-none">No rule holds at these thresholds.</p>}
      <Thresholds />
      <details className="unobservable">
        <summary>Not observable from {insights.unobservable.some((u) => u.code === 'M01') ? 'strace' : 'these Darshan logs'} ({insights.unobservable.length} Drishti codes)</summary>
        <ul>
          {insights.unobservable.map((u) => (
            <li key={u.code}>
              <b>{u.code}</b> {u.title}: {u.why}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

function FindingCard({ f }: { f: Finding }) {
  const markNodes = useApp((s) => s.markNodes);
  const selectNode = useApp((s) => s.selectNode);
  const setOffsetFile = useApp((s) => s.setOffsetFile);
  const setPartition = useApp((s) => s.setPartition);
  const openReplay = useApp((s) => s.openReplay);
  const replay = f.recommendations.find((r) => r.replay)?.replay;
  const marked = useApp((s) => s.marked);
  const summary = useApp((s) => s.summary);
  const result = useApp((s) => s.result);
  const nodes = useMemo(() => new Set(result?.nodes.map((n) => n.id) ?? []), [result]);
  const allCases = useMemo(() => summary?.caseList.map((c) => c.id) ?? [], [summary]);
  const shown = f.activities.filter((a) => nodes.has(a));
  const isMarked = shown.length > 0 && shown.every((a) => marked.includes(a)) && marked.length === shown.length;
  const timelineOf = f.activity ?? (shown.length === 1 ? shown[0] : null);
  const vsRest = itsCasesVsRest(f.cases.map((c) => c.name), allCases);
  return (
    <article className={`finding fl-${f.level} ${isMarked ? 'marked' : ''}`} data-testid="finding" data-code={f.code} data-level={f.level}>
      <header
        onClick={() => markNodes(isMarked ? [] : shown)}
        title={shown.length ? 'Select its nodes in the graph' : 'No node of the graph: the finding is about cases or time'}
      >
        <span className={`code lv-${f.level}`}>{f.code}</span>
        <span className={`lvl lv-${f.level}`}>{f.level}</span>
        {f.side && <span className={`side side-${f.side}`}>{SIDE_TEXT[f.side]}</span>}
        {f.run && <span className="run" title="The run (cid) it is about: the rule judges one run at a time">run {f.run}</span>}
        <span className="target">{f.target}</span>
        <p className="message">{appText(f.message)}</p>
        {f.cost && <Cost c={f.cost} />}
      </header>
      <div className="actions">
        {shown.length > 0 && (
          <button className="small" onClick={() => markNodes(isMarked ? [] : shown)} data-testid="finding-select">
            {isMarked ? 'Unmark' : `Select ${shown.length} node${shown.length === 1 ? '' : 's'}`}
          </button>
        )}
        {timelineOf && (
          <button className="small" onClick={() => void selectNode(timelineOf)} data-testid="finding-timeline">
            Timeline
          </button>
        )}
        {f.files.length > 0 && f.activities.some((a) => /^(p?read|p?write)/.test(a)) && (
          <button
            className="small"
            onClick={() => setOffsetFile(f.files[0].name)}
            title={`Show the reads and writes of ${f.files[0].name} at their offsets over time (Run timeline tab → file offsets)`}
            data-testid="finding-offsets"
          >
            Offsets
          </button>
        )}
        {vsRest && (
          <button className="small" onClick={() => void setPartition(vsRest.green, vsRest.red)} title="Its cases in green, the others in red" data-testid="finding-cases">
            Its cases vs the rest
          </button>
        )}
        {replay && (
          <button className="small" onClick={() => openReplay(replay)} title="Export a replay of the run with these what-ifs (fio), to measure the change before making it" data-testid="finding-replay">
            {replay.coalesce ? `Replay with ${formatBytes(replay.coalesce)} requests…` : 'Replay…'}
          </button>
        )}
      </div>
      <details>
        <summary>Details and what to do</summary>
        {f.details.length > 0 && (
          <ul className="details">
            {f.details.map((d, i) => (
              <li key={i}>{appText(d)}</li>
            ))}
          </ul>
        )}
        {f.cases.length > 0 && (
          <p className="who">
            <b>Cases:</b> {f.cases.map((c) => `${c.name} (${(c.share * 100).toFixed(0)}%)`).join(', ')}
          </p>
        )}
        {f.recommendations.map((r, i) => (
          <div key={i} className="rec">
            <p>↳ {appText(r.text)}</p>
            {r.snippet && <pre className={`snippet lang-${r.snippet.lang}`}>{r.snippet.code}</pre>}
          </div>
        ))}
      </details>
    </article>
  );
}

/** The time a finding accounts for: seconds, and a bar of its share of its cases' wall time. */
function Cost({ c }: { c: NonNullable<Finding['cost']> }) {
  const pct = c.share * 100;
  return (
    <p className="cost" data-testid="finding-cost" title="The time this finding accounts for, summed over its cases, and its share of the summed wall time of the cases responsible">
      <span className="bar">
        <span style={{ width: `${Math.max(1, Math.min(100, pct))}%` }} />
      </span>
      {/* the text wraps between its two figures, not past the card's edge (it ran out of the card at 1024×700) */}
      <span className="cost-text">
        <span className="nowrap">{formatSeconds(c.seconds)}</span> · <span className="nowrap">{pct < 0.1 ? '<0.1' : pct.toFixed(1)}% of wall</span>
      </span>
    </p>
  );
}

function Thresholds() {
  const thresholds = thresholdsJson(useApp((s) => s.view.thresholds));
  const error = useApp((s) => s.thresholdsError);
  const setThresholds = useApp((s) => s.setThresholds);
  const current = useApp((s) => s.insights?.thresholds);
  const [text, setText] = useState(thresholds);
  useEffect(() => setText(thresholds), [thresholds]);
  return (
    <details className="thresholds" open={!!error}>
      <summary>Thresholds {thresholds ? '(changed)' : '(defaults)'}</summary>
      <p className="muted">JSON of the thresholds to change, e.g. {'{"small_requests": 0.2, "alignment": 4194304}'}; part of the link.</p>
      <textarea value={text} onChange={(e) => setText(e.target.value)} rows={4} spellCheck={false} data-testid="thresholds-input" placeholder="{}" />
      <div className="actions">
        <button className="small" onClick={() => void setThresholds(text)} data-testid="thresholds-apply">
          Apply
        </button>
        <button className="small" onClick={() => void setThresholds('')}>
          Defaults
        </button>
      </div>
      {error && (
        <p className="error" role="alert" data-testid="thresholds-error">
          {error}
        </p>
      )}
      {current && (
        <details>
          <summary>All values</summary>
          <pre className="snippet">{JSON.stringify(current, null, 1)}</pre>
        </details>
      )}
    </details>
  );
}
