/**
 * The "Run timeline" tab: the whole-run timeline (every case or pid a row with all its events) and the
 * offsets of one file over time, both over the analysed events (case filters and time window applied),
 * asked of the worker for what is visible (docs/METHOD.md "Time").
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApp } from '../appContext';
import { OffsetsPanel } from '../timeline/OffsetsPanel';
import { RunTimelinePanel } from '../timeline/RunTimelinePanel';
import type { RunTimelineRequest } from '../../session/time';
import './time.css';

export function TimeTab() {
  const result = useApp((s) => s.result);
  const ask = useApp((s) => s.ask);
  const byPid = useApp((s) => s.overviewByPid);
  const setOverview = useApp((s) => s.setOverview);
  const setTime = useApp((s) => s.setTime);
  const selectNode = useApp((s) => s.selectNode);
  const offsetFile = useApp((s) => s.offsetFile);
  const setOffsetFile = useApp((s) => s.setOffsetFile);
  const [view, setView] = useState<'run' | 'offsets'>(offsetFile ? 'offsets' : 'run');
  // a file picked elsewhere (an insight finding's Offsets button) shows its offsets
  useEffect(() => {
    if (offsetFile) setView('offsets');
  }, [offsetFile]);
  // the graph's order: most events first
  const order = useMemo(() => (result ? result.nodes.slice().sort((a, b) => b.count - a.count).map((n) => n.id) : []), [result]);
  const fetchRun = useCallback((req: RunTimelineRequest) => ask('runTimeline', [req]), [ask]);
  const fetchOffsets = useCallback((path: string | null) => ask('fileOffsets', [path]), [ask]);
  if (!result) return null;
  return (
    <div className="time-tab">
      <div className="time-tab-switch" role="tablist">
        <button className={view === 'run' ? 'on small' : 'small'} onClick={() => setView('run')} data-testid="time-view-run">
          all events
        </button>
        <button className={view === 'offsets' ? 'on small' : 'small'} onClick={() => setView('offsets')} data-testid="time-view-offsets">
          file offsets
        </button>
      </div>
      {view === 'run' ? (
        <RunTimelinePanel
          fetch={fetchRun}
          version={result}
          byPid={byPid}
          onByPid={(v) => void setOverview({ overviewByPid: v })}
          activityOrder={order}
          onWindow={(w) => void setTime(w)}
          onActivity={(id) => void selectNode(id)}
        />
      ) : (
        <OffsetsPanel fetch={fetchOffsets} version={result} file={offsetFile} onFile={setOffsetFile} />
      )}
    </div>
  );
}
