/** The I/O phases with their stragglers (docs/METHOD.md, "Time"); a click analyses exactly that phase's
 * window (its first start to its last end), and the table stays with the phase marked. */
import type { Phases } from '../../analysis/time/types';
import { formatBytes, formatSeconds } from '../../lib/format';

/** A phase as a time window: from its first start to just after its last end, to the microsecond (an event
 * belongs to a window when it starts in it: every event of the phase does, no event of another). */
export function phaseWindow(p: { start: number; end: number }): { from: number; to: number } {
  return { from: Math.floor(p.start * 1e6) / 1e6, to: (Math.ceil(p.end * 1e6) + 1) / 1e6 };
}

export function PhasesTable({ phases, onPick, window }: { phases: Phases; onPick(w: { from: number; to: number }): void; window?: { from: number | null; to: number | null } | null }) {
  if (phases.phases.length === 0) return <p className="muted">No I/O.</p>;
  const pick = (i: number) => onPick(phaseWindow(phases.phases[i]));
  const on = (i: number): boolean => {
    const w = phaseWindow(phases.phases[i]);
    return !!window && window.from === w.from && window.to === w.to;
  };
  return (
    <table className="phases" data-testid="phases-table">
      <caption className="muted">
        I/O phases: bursts of I/O across cases separated by gaps longer than {formatSeconds(phases.gap)}; stragglers: busy time above mean + 1 σ of the phase. Click a phase to analyse it alone.
      </caption>
      <thead>
        <tr>
          <th>phase</th>
          <th>from</th>
          <th>to</th>
          <th>events</th>
          <th>bytes</th>
          <th>cases</th>
          <th>busy per case (mean ± σ)</th>
          <th>stragglers (busy, z)</th>
        </tr>
      </thead>
      <tbody>
        {phases.phases.map((p, i) => (
          <tr key={i} onClick={() => pick(i)} data-testid="phase-row" className={on(i) ? 'on' : undefined} aria-selected={on(i)}>
            <td>P{i + 1}</td>
            <td>{p.start.toFixed(3)} s</td>
            <td>{p.end.toFixed(3)} s</td>
            <td>{p.events}</td>
            <td>{formatBytes(p.bytes)}</td>
            <td>{p.cases}</td>
            <td>
              {formatSeconds(p.mean)} ± {formatSeconds(p.std)}
            </td>
            <td className="stragglers" data-testid="phase-stragglers">
              {p.stragglers.length === 0
                ? '–'
                : p.stragglers.map((s) => (
                    <span key={s.case} className="straggler" title={s.rid ? `rank ${s.rid}` : undefined}>
                      {s.id} ({formatSeconds(s.busy)}, z {s.z.toFixed(1)})
                    </span>
                  ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
