/** The overview wired to the store (the window is the view's `time`, in the URL). */
import { useApp } from '../appContext';
import { ErrorBoundary } from '../ErrorBoundary';
import { OverviewPanel } from './OverviewPanel';

export function OverviewArea() {
  const s = useApp((st) => st);
  return (
    <ErrorBoundary name="Overview">
      <OverviewPanel
        data={s.overview}
        loading={s.overviewLoading}
        window={s.view.time}
        metric={s.overviewMetric}
        onMetric={(m) => void s.setOverview({ overviewMetric: m })}
        align={s.overviewAlign}
        onAlign={(a) => void s.setOverview({ overviewAlign: a })}
        byPid={s.overviewByPid}
        onByPid={(v) => void s.setOverview({ overviewByPid: v })}
        selected={s.selected}
        onlySelected={s.overviewSelectedOnly}
        onOnlySelected={(v) => void s.setOverview({ overviewSelectedOnly: v })}
        onBrush={(w) => void s.setTime(w)}
        onHeatmap={(r) => void s.setOverview({ overviewHeatmap: r })}
      />
    </ErrorBoundary>
  );
}
