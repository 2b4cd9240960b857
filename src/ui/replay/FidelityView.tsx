/** The fidelity of a replay (docs/METHOD.md "Fidelity"): the score, and per case its score and every difference. */
import type { FidelityReport } from '../../analysis/replay/fidelity';
import { formatSeconds } from '../../lib/format';

/** A score (0…100). */
const pct = (x: number): string => `${x.toFixed(1)} %`;

export function FidelityView({ report }: { report: FidelityReport }) {
  return (
    <div className="replay-fidelity" data-testid="replay-fidelity">
      <p>
        Fidelity <b data-testid="fidelity-score">{pct(report.score)}</b>: {report.checks - report.failed} of {report.checks} checks equal
        {report.root ? (
          <>
            {' '}
            (replayed under <code>{report.root}</code>)
          </>
        ) : null}
        .
      </p>
      <table className="replay-cases">
        <thead>
          <tr>
            <th>case</th>
            <th>replay trace</th>
            <th>score</th>
            <th title="first start → last end of the data and metadata calls">span recorded → replayed</th>
            <th>differences</th>
          </tr>
        </thead>
        <tbody>
          {report.cases.map((c) => (
            <tr key={c.index}>
              <td>
                <code>{c.id}</code>
              </td>
              <td>{c.trace ? <code>{c.trace}</code> : <span className="error">none found</span>}</td>
              <td>{pct(c.score)}</td>
              <td>
                {formatSeconds(c.time.recordedSpan)} → {formatSeconds(c.time.replayedSpan)}
              </td>
              <td>{c.differences.length ? <ul>{c.differences.map((d, i) => <li key={i}>{d}</li>)}</ul> : <span className="muted">none</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.extra.length > 0 && <p className="muted">Traces of no recorded case: {report.extra.join(', ')}</p>}
    </div>
  );
}
