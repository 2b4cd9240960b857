/**
 * Offset over time per file (docs/METHOD.md "Time"): every read and write of the chosen file a vertical
 * segment at its start time from its offset to offset + size, coloured by case (or read / write): a
 * staircase is sequential, parallel staircases strided, a cloud random. The session sends the list of
 * files with known offsets and the requests of the one shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Data, Layout, PlotlyHTMLElement, PlotMouseEvent } from 'plotly.js';
import type { FileOffsets } from '../../session/time';
import { formatBytes, formatCount } from '../../lib/format';
import { durationText, offsetText, sizeText } from './hover';
import { byteTicks, maxByte, offsetGroups, offsetKey, patternText, type OffsetColor, type OffsetGroup } from './offsetsModel';
import { loadPlotly, type PlotlyApi } from './plotly';
import { HoverTooltip, hoverAt, ownPlot, PanelError, usePurgeOnUnmount, type Hover } from './plotParts';
import { sinceStart } from './runModel';
import { PLOT_CONFIG } from './warmPlot';
import './timeline.css';

export interface OffsetsPanelProps {
  /** Asks the session (Session.fileOffsets): the files, and the requests of `path` (null: the first file). */
  fetch(path: string | null): Promise<FileOffsets>;
  /** Changes when the analysis changes. */
  version: unknown;
  /** The file to show (null: the one with most bytes). */
  file: string | null;
  onFile(path: string): void;
}

export function OffsetsPanel(p: OffsetsPanelProps) {
  const host = useRef<HTMLDivElement>(null);
  const gdRef = useRef<HTMLDivElement | null>(null);
  const plotly = useRef<PlotlyApi | null>(null);
  const groupsRef = useRef<OffsetGroup[]>([]);
  const [data, setData] = useState<FileOffsets | null>(null);
  const [colorBy, setColorBy] = useState<OffsetColor>('case');
  const [ready, setReady] = useState(false);
  const [hover, setHover] = useState<Hover | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The plot's width: a new one redraws it. */
  const [width, setWidth] = useState(0);
  const groups = useMemo(() => (data && data.path !== null ? offsetGroups(data, offsetKey(data, colorBy), colorBy) : []), [data, colorBy]);

  useEffect(() => {
    let alive = true;
    setReady(false);
    (async () => {
      // the list first when no file is named: then the file with most bytes
      let d = await p.fetch(p.file);
      if (d.path === null && d.files.length) d = await p.fetch(d.files[0].path);
      if (alive) {
        setData(d);
        setError(null);
      }
    })().catch((e: unknown) => alive && setError(`Could not read the offsets: ${e instanceof Error ? e.message : String(e)}`));
    return () => {
      alive = false;
    };
  }, [p.version, p.file]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const el = host.current;
    if (!el || !data || data.path === null) return;
    let alive = true;
    void loadPlotly()
      .then(async (Plotly) => {
        if (!alive) return;
        plotly.current = Plotly;
        const gd = ownPlot(gdRef, el);
        groupsRef.current = groups;
        const traces = [
          // dots first: trace g is group g's hover targets
          ...groups.map((g) => ({ type: 'scattergl', mode: 'markers', x: g.dotX, y: g.dotY, marker: { color: g.color, size: 4 }, hoverinfo: 'none', showlegend: false })),
          ...groups.map((g) => ({ type: 'scattergl', mode: 'lines', x: g.x, y: g.y, line: { color: g.color, width: 3 }, connectgaps: false, hoverinfo: 'skip', name: g.label, showlegend: false })),
        ] as Data[];
        const layout: Partial<Layout> = {
          width: el.clientWidth,
          height: 280,
          margin: { l: 80, r: 16, t: 8, b: 40 },
          xaxis: { type: 'linear', title: { text: 'seconds since the run start' }, zeroline: false },
          yaxis: { type: 'linear', title: { text: 'file offset' }, tickmode: 'array', ...byteTicks(maxByte(data)), zeroline: false, rangemode: 'tozero' },
          hovermode: 'closest',
          dragmode: 'zoom',
          uirevision: data.path ?? '',
          plot_bgcolor: '#fff',
          paper_bgcolor: '#fff',
        };
        const first = !(gd as unknown as { _fullLayout?: unknown })._fullLayout;
        await Plotly.react(gd, traces, layout, PLOT_CONFIG);
        if (first) {
          // Plotly adds .on to the element once it has drawn it
          const g = gd as unknown as PlotlyHTMLElement;
          g.on('plotly_hover', (ev: PlotMouseEvent) => onHover(ev, g));
          g.on('plotly_unhover', () => setHover(null));
        }
        await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
        if (alive) setReady(true);
      })
      .catch((e: unknown) => alive && setError(`Could not draw the offsets: ${e instanceof Error ? e.message : String(e)}`));
    return () => {
      alive = false;
    };
  }, [data, groups, width]);

  useEffect(() => {
    const el = host.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth((w) => (Math.abs(el.clientWidth - w) >= 8 ? el.clientWidth : w)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [data !== null && data.path !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const onHover = (ev: PlotMouseEvent, gd: PlotlyHTMLElement) => {
    const pt = ev.points[0];
    const g = pt ? groupsRef.current[pt.curveNumber] : undefined;
    const d = dataRef.current;
    if (!pt || !g || !d || pt.pointIndex >= g.dotEvent.length) return;
    const i = g.dotEvent[pt.pointIndex];
    setHover(
      hoverAt(ev, gd as unknown as HTMLElement, 340, [
        { key: 'case', value: d.caseLabels[d.caseIdx[i]] ?? '' },
        { key: 'pid', value: String(d.pid[i]) },
        { key: 'call', value: d.isWrite[i] ? 'write' : 'read' },
        { key: 'offset', value: offsetText(d.offset[i]) },
        { key: 'size', value: sizeText(d.size[i]) },
        { key: 'duration', value: durationText(d.dur[i]) },
        { key: 'start', value: sinceStart(d.start[i]) },
      ]),
    );
  };
  const dataRef = useRef<FileOffsets | null>(null);
  dataRef.current = data;

  usePurgeOnUnmount(gdRef, plotly);

  const f = data?.files.find((x) => x.path === data.path);
  return (
    <section className="offsets" data-testid="offsets">
      <div className="run-timeline-bar">
        <label>
          file{' '}
          <select value={data?.path ?? ''} onChange={(e) => p.onFile(e.target.value)} data-testid="offsets-file" disabled={!data?.files.length}>
            {(data?.files ?? []).map((x) => (
              <option key={x.path} value={x.path}>
                {x.path} — {formatCount(x.reads)} reads, {formatCount(x.writes)} writes, {formatBytes(x.bytes)}, {x.cases} case{x.cases === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        </label>
        <label>
          colour{' '}
          <select value={colorBy} onChange={(e) => setColorBy(e.target.value as OffsetColor)} data-testid="offsets-color">
            <option value="case">case</option>
            <option value="kind">read / write</option>
          </select>
        </label>
      </div>
      {data && p.file !== null && data.path !== p.file && data.files.length > 0 && (
        <p className="muted" data-testid="offsets-missing">
          {p.file} has no reads or writes at a known offset in this view; showing the file with most bytes.
        </p>
      )}
      {data && !data.files.length && <p className="timeline-message">No reads or writes at a known offset in this view (offsets need strace -y: the file behind each descriptor).</p>}
      {data && data.noLseekCases > 0 && (
        <p className="muted" data-testid="offsets-nolseek">
          Offsets unknown in {data.noLseekCases} case{data.noLseekCases === 1 ? '' : 's'} — trace lseek: they were traced with -e trace=… without lseek, so the positions of read and write are unknown (pread/pwrite keep theirs).
        </p>
      )}
      {data && data.path !== null && (
        <>
          <p className="timeline-status" data-testid="offsets-pattern">
            {[patternText('reads', data.read), patternText('writes', data.write)].filter(Boolean).join(' · ')}
            {data.stride > 1 && ` · every ${data.stride}th of ${formatCount(data.total)} requests drawn`}
          </p>
          <div className="timeline-plot-wrap">
            <div ref={host} className="timeline-plot" data-testid="offsets-plot" data-ready={ready ? 'true' : 'false'} data-requests={String(data.start.length)} data-file={data.path} data-cases={f ? String(f.cases) : undefined} />
            <HoverTooltip hover={hover} testId="offsets-tooltip" />
          </div>
          <div className="run-legend">
            {groups.map((g) => (
              <span key={g.label} className="run-legend-item">
                <span className="swatch" style={{ background: g.color }} />
                {g.label}
              </span>
            ))}
          </div>
        </>
      )}
      <PanelError error={error} />
    </section>
  );
}
