/**
 * The Summary's untraced time (docs/METHOD.md "Untraced time"): the cases that spend the most wall time
 * outside traced calls, what fills it (calls the trace filter left out, or computation) and each case's
 * largest gap, named by the calls that bound it. The store asks the Session for it with each new graph's overview
 * (AppState.untraced).
 */
import { appText, formatSeconds } from '../../lib/format';
import { useApp } from '../appContext';
import { Slashed } from '../Slashed';

/** A sentence with `code` spans (the strace option to add) as code. */
function Words({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 ? <code key={i}><Slashed text={part} after="/," /></code> : <Slashed key={i} text={part} />))}
    </>
  );
}

/** Cases listed (most untraced time first), and the share of its wall time a case must spend untraced. */
const SHOWN = 5;
const LISTED_SHARE = 0.05;

export function UntracedSummary() {
  const u = useApp((s) => s.untraced?.report ?? null);
  if (!u) return null;
  if (!u.located) return <p className="muted untraced-summary">Untraced time: not located (it needs durations, strace -T, and timestamps, -tt).</p>;
  const all = u.cases.filter((c) => c.wall > 0);
  const listed = all.filter((c) => c.untraced >= LISTED_SHARE * c.wall).sort((a, b) => b.untraced - a.untraced);
  const most = all.filter((c) => c.untraced > 0.5 * c.wall).length;
  return (
    <section className="untraced-summary" data-testid="untraced-summary">
      <h4>Untraced time</h4>
      <p>
        {listed.length === 0
          ? `Every case spends at least ${100 - 100 * LISTED_SHARE} % of its wall time in traced calls.`
          : `${most} of ${all.length} cases spend more than half their wall time outside traced calls; the cases with the most (at least ${100 * LISTED_SHARE} % of their wall time):`}
      </p>
      {listed.length > 0 && (
        <ul>
          {listed.slice(0, SHOWN).map((c) => (
            <li key={c.case} data-testid="untraced-case">
              <strong>{c.id}</strong>: {formatSeconds(c.untraced)} of {formatSeconds(c.wall)} wall ({((100 * c.untraced) / c.wall).toFixed(1)} %) — <Words text={c.why} />
              {c.gaps.length > 0 && (
                <div className="muted untraced-gap">
                  largest gap at {c.gaps[0].start.toFixed(3)} s: <Slashed text={appText(c.gaps[0].where)} />
                </div>
              )}
            </li>
          ))}
          {listed.length > SHOWN && <li className="muted">… {listed.length - SHOWN} more cases (strace-dfg time lists every one)</li>}
        </ul>
      )}
    </section>
  );
}
