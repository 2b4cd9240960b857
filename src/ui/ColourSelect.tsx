/**
 * The toolbar's *Colour* select: a statistic, the partition, or green vs red's difference. The closed select
 * shows its chosen text whole at a laptop's width (1024 px, app.css): the long names are shorter here (the
 * select's tooltip says the chosen one in full; the legend names it as the registry does).
 */
import { COLOR_METRICS, type MetricId } from '../analysis/metrics';
import type { ColorMode, DiffMetric, Metric } from './contracts';
import { useApp } from './appContext';

/** Names shorter than the registry's where those would not fit the toolbar. */
const SHORT: Partial<Record<MetricId, string>> = { failures: 'failures (errno)' };

const DIFF: readonly [DiffMetric, string, string][] = [
  ['count', 'Δ events per case', 'events per case'],
  ['bytes', 'Δ bytes per case', 'bytes per case'],
  ['time', 'Δ call time per case', 'time in calls per case'],
];

export function ColourSelect() {
  const colorMode = useApp((s) => s.view.colorMode);
  const hasPartition = useApp((s) => !!(s.view.green || s.view.red));
  const hasCompare = useApp((s) => s.compare !== null);
  const setColorMode = useApp((s) => s.setColorMode);
  const value = colorMode.kind === 'partition' ? 'partition' : colorMode.kind === 'difference' ? `diff-${colorMode.metric}` : colorMode.metric;
  const title =
    colorMode.kind === 'partition'
      ? 'the partition: green and red cases (Partition tab)'
      : colorMode.kind === 'difference'
        ? `the difference green vs red: ${DIFF.find((d) => d[0] === colorMode.metric)?.[2] ?? colorMode.metric} (q < 0.05)`
        : (COLOR_METRICS.find((m) => m.id === colorMode.metric)?.label ?? colorMode.metric);
  return (
    <label>
      Colour{' '}
      <select
        value={value}
        title={title}
        data-testid="color-mode"
        onChange={(e) => {
          const v = e.target.value;
          const mode: ColorMode = v === 'partition' ? { kind: 'partition' } : v.startsWith('diff-') ? { kind: 'difference', metric: v.slice(5) as DiffMetric } : { kind: 'metric', metric: v as Metric };
          setColorMode(mode);
        }}
      >
        {COLOR_METRICS.map((m) => (
          <option key={m.id} value={m.id}>
            {SHORT[m.id] ?? m.label}
          </option>
        ))}
        <option value="partition">{hasPartition ? 'partition (green/red)' : 'partition (none set)'}</option>
        <optgroup label={hasCompare ? 'difference green vs red (q < 0.05)' : 'difference green vs red (set both sides)'}>
          {DIFF.map(([m, short]) => (
            <option key={m} value={`diff-${m}`}>
              {short}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}
