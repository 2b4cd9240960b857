/**
 * The overview's controls when it draws Darshan's runtime heatmaps (logs without events): the interface
 * (POSIX, MPIIO, STDIO) and the direction, and where the picture comes from.
 */
import type { HeatmapDirection, HeatmapSource } from '../../analysis/darshan/heatmapOverview';

export function HeatmapControls({ source, onChange }: { source: HeatmapSource; onChange(r: { module: string; direction: HeatmapDirection }): void }) {
  return (
    <>
      <label title="The interface whose bytes the heatmap counts (Darshan keeps one heatmap per interface)">
        heatmap{' '}
        <select value={source.module} onChange={(e) => onChange({ module: e.target.value, direction: source.direction })} data-testid="heatmap-module">
          {source.modules.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label>
        bytes{' '}
        <select value={source.direction} onChange={(e) => onChange({ module: source.module, direction: e.target.value as HeatmapDirection })} data-testid="heatmap-direction">
          <option value="both">read + written</option>
          <option value="read">read</option>
          <option value="write">written</option>
        </select>
      </label>
      <span className="muted heatmap-note" data-testid="heatmap-note" title={source.note}>
        {source.note}
      </span>
    </>
  );
}
