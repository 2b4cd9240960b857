/**
 * Offset over time per file (docs/METHOD.md "Time"): every read and write of the chosen file a vertical
 * segment at its start time from its offset to offset + size, coloured by case (or read / write): a
 * staircase is sequential, parallel staircases strided, a cloud random (what is drawn: offsetsFigure.ts).
 * The session sends the list of files with known offsets and the requests of the one shown.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PlotMouseEvent } from 'plotly.js';
import type { FileOffsets } from '../../session/time';
import { formatBytes, formatCount } from '../../lib/format';
import { offsetGroups, offsetKey, patternText, type OffsetColor } from './offsetsModel';
import { offsetsFigure, offsetsHover, type OffsetsInfo } from './offsetsFigure';
import { HoverTooltip, PanelError } from './plotParts';
import { usePlot } from './usePlot';
import { usePlotTheme } from './usePlotTheme';
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

const hover = (ev: PlotMouseEvent, info: OffsetsInfo) => (ev.points[0] ? offsetsHover(info, ev.points[0].curveNumber, ev.points[0].pointIndex) : null);

export function OffsetsPanel(p: OffsetsPanelProps) {
  const { fetch, version, file } = p;
  const [data, setData] = useState<FileOffsets | null>(null);
  const [loading, setLoading] = useState(true);
  const [colorBy, setColorBy] = useState<OffsetColor>('case');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    (async () => {
      // the list first when no file is named: then the file with most bytes
      let d = await fetch(file);
      if (d.path === null && d.files.length) d = await fetch(d.files[0].path);
      if (alive) {
        setData(d);
        setLoading(false);
        setError(null);
      }
    })().catch((e: unknown) => alive && setError(`Could not read the offsets: ${e instanceof Error ? e.message : String(e)}`));
    return () => {
      alive = false;
    };
  }, [fetch, version, file]);
  const groups = useMemo(() => (data && data.path !== null ? offsetGroups(data, offsetKey(data, colorBy), colorBy) : []), [data, colorBy]);
  const theme = usePlotTheme();
  const figure = useMemo(() => (data && data.path !== null ? (width: number) => offsetsFigure(data, groups, width, theme) : null), [data, groups, theme]);
  const plot = usePlot<OffsetsInfo>({ figure, what: 'the offsets', hover, tooltipWidth: 340, minResize: 8 });
  const f = data?.files.find((x) => x.path === data.path);
  return (
    <section className="offsets" data-testid="offsets">
      <OffsetsBar data={data} onFile={p.onFile} colorBy={colorBy} onColor={setColorBy} />
      {data && <OffsetsNotes data={data} file={file} />}
      {data && data.path !== null && (
        <>
          <p className="timeline-status" data-testid="offsets-pattern">
            {[patternText('reads', data.read), patternText('writes', data.write)].filter(Boolean).join(' · ')}
            {data.stride > 1 && ` · every ${data.stride}th of ${formatCount(data.total)} requests drawn`}
          </p>
          <div className="timeline-plot-wrap">
            <div ref={plot.host} className="timeline-plot" data-testid="offsets-plot" data-ready={plot.painted && !loading ? 'true' : 'false'} data-requests={String(data.start.length)} data-file={data.path} data-cases={f ? String(f.cases) : undefined} />
            <HoverTooltip hover={plot.hover} testId="offsets-tooltip" />
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
      <PanelError error={error ?? plot.error} />
    </section>
  );
}

/** The file and the colouring. */
function OffsetsBar({ data, onFile, colorBy, onColor }: { data: FileOffsets | null; onFile(path: string): void; colorBy: OffsetColor; onColor(c: OffsetColor): void }) {
  return (
    <div className="run-timeline-bar">
      <label>
        file{' '}
        <select value={data?.path ?? ''} onChange={(e) => onFile(e.target.value)} data-testid="offsets-file" disabled={!data?.files.length}>
          {(data?.files ?? []).map((x) => (
            <option key={x.path} value={x.path}>
              {x.path} — {formatCount(x.reads)} reads, {formatCount(x.writes)} writes, {formatBytes(x.bytes)}, {x.cases} case{x.cases === 1 ? '' : 's'}
            </option>
          ))}
        </select>
      </label>
      <label>
        colour{' '}
        <select value={colorBy} onChange={(e) => onColor(e.target.value as OffsetColor)} data-testid="offsets-color">
          <option value="case">case</option>
          <option value="kind">read / write</option>
        </select>
      </label>
    </div>
  );
}

/** Why the file asked for is not shown, why there is nothing, why offsets are unknown. */
function OffsetsNotes({ data, file }: { data: FileOffsets; file: string | null }) {
  return (
    <>
      {file !== null && data.path !== file && data.files.length > 0 && (
        <p className="muted" data-testid="offsets-missing">
          {file} has no reads or writes at a known offset in this view; showing the file with most bytes.
        </p>
      )}
      {!data.files.length && <p className="timeline-message">No reads or writes at a known offset in this view (offsets need strace -y: the file behind each descriptor).</p>}
      {data.noLseekCases > 0 && (
        <p className="muted" data-testid="offsets-nolseek">
          Offsets unknown in {data.noLseekCases} case{data.noLseekCases === 1 ? '' : 's'} — trace lseek: they were traced with -e trace=… without lseek, so the positions of read and write are unknown (pread/pwrite keep theirs).
        </p>
      )}
    </>
  );
}
