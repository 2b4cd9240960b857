/** The I/O phases with their stragglers (docs/METHOD.md, "Time"); a click analyses the phase alone. */
import type { Phases } from '../../analysis/time/types';
import { formatBytes, formatDuration } from '../../lib/format';

export function PhasesTable({ phases, onPick }: { phases: Phases; onPick(w: { from: number; to: number }): void }) {
  if (phases.phases.length === 0) return <p className="muted">No I/O.</p>;
  // a phase as a window: its first start to just after its last start (starts decide membership)
  const pick = (i: number) => {
    const p = phases.phases[i];
    const next = phases.phases[i + 1];
    const to = next ? (p.end + next.start) / 2 : phases.span + 1e-6;
    onPick({ from: Math.floor(p.start * 1e6) / 1e6, to: Math.ceil(to * 1e6) / 1e6 });
  };
  return (
    <table className="phases" data-testid="phases-table">
      <caption className="muted">
        I/O phases: bursts of I/O across cases separated by gaps longer than {formatDuration(phases.gap)}; stragglers: busy time above mean + 1 σ of the phase. Click a phase to analyse it alone.
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
          <tr key={i} onClick={() => pick(i)} data-testid="phase-row">
            <td>P{i + 1}</td>
            <td>{p.start.toFixed(3)} s</td>
            <td>{p.end.toFixed(3)} s</td>
            <td>{p.events}</td>
            <td>{formatBytes(p.bytes)}</td>
            <td>{p.cases}</td>
            <td>
              {formatDuration(p.mean)} ± {formatDuration(p.std)}
            </td>
            <td className="stragglers" data-testid="phase-stragglers">
              {p.stragglers.length === 0
                ? '–'
                : p.stragglers.map((s) => (
                    <span key={s.case} className="straggler" title={`rank ${s.rid || '?'}`}>
                      {s.id} ({formatDuration(s.busy)}, z {s.z.toFixed(1)})
                    </span>
                  ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
