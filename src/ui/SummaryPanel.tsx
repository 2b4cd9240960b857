/** What was loaded: cases, events, hosts, commands, time span, stack frame lines, dropped lines, unparsable lines, file errors. */
import type { AnalysisResult } from '../analysis/types';
import { formatBytes, formatCount, formatSeconds, formatUtc } from '../lib/format';
import { droppedLines, droppedText, stackFramesText } from '../lib/droppedLines';
import { leftOutText } from '../lib/leftOut';
import type { LoadSummary } from '../worker/protocol';
import { Slashed } from './Slashed';

function clock(s: number, base: LoadSummary['timeBase']): string {
  if (base === 'epoch') return formatUtc(s);
  if (base === 'clock') {
    const day = Math.floor(s / 86400);
    const t = s - day * 86400;
    const hh = Math.floor(t / 3600);
    const mm = Math.floor((t % 3600) / 60);
    const ss = (t % 60).toFixed(6).padStart(9, '0');
    return `${day ? `day+${day} ` : ''}${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${ss}`;
  }
  return `${s.toFixed(6)} s`;
}

/** Shown names of skipped files at most (the count says how many). */
const SKIPPED_SHOWN = 500;

/** Files in dropped folders that are plainly not traces: one line, the names on demand. */
function SkippedFiles({ names }: { names: string[] }) {
  return (
    <details className="skipped-files" data-testid="skipped-files">
      <summary>
        {formatCount(names.length)} other file{names.length === 1 ? '' : 's'} skipped (not traces)
      </summary>
      <ul>
        {names.slice(0, SKIPPED_SHOWN).map((n, i) => (
          <li key={i}>{n}</li>
        ))}
        {names.length > SKIPPED_SHOWN && <li className="muted">… {formatCount(names.length - SKIPPED_SHOWN)} more</li>}
      </ul>
    </details>
  );
}

export function SummaryPanel({ summary, keptCases, unmapped, leftOut, system }: {
  summary: LoadSummary; keptCases: number; unmapped: number | null; leftOut?: AnalysisResult['leftOut']; system?: AnalysisResult['system'];
}) {
  const why = leftOutText(unmapped, leftOut, system);
  const s = summary;
  const lines = droppedLines(s.dropped);
  const frames = stackFramesText(lines);
  const bytes = s.files.reduce((a, f) => a + f.bytes, 0);
  return (
    <section className="summary" data-testid="summary">
      <dl>
        <dt>cases</dt>
        <dd data-testid="summary-cases">
          {formatCount(s.cases)}
          {keptCases !== s.cases && ` (${formatCount(keptCases)} kept by the case filters)`}
        </dd>
        <dt>events</dt>
        <dd data-testid="summary-events">
          {formatCount(s.events)}
          {why ? ` (${why})` : ''}
        </dd>
        <dt>files</dt>
        <dd data-testid="summary-files">
          {formatCount(s.files.length)} ({formatBytes(bytes)})
          {s.loadMs !== undefined && ` · read in ${formatSeconds(s.loadMs / 1000)} on ${s.threads ?? 1} thread${s.threads === 1 ? '' : 's'}`}
        </dd>
        <dt>hosts</dt>
        <dd title={s.hosts.join(', ')}>{s.hosts.length ? <Slashed text={s.hosts.join(', ')} after="." /> : '–'}</dd>
        <dt>commands</dt>
        <dd title={s.cids.join(', ')}>{s.cids.length ? <Slashed text={s.cids.join(', ')} /> : '–'}</dd>
        <dt>time span</dt>
        <dd className="clocks">
          {/* each clock on one line (at 1600×1000 the end's date was split at its hyphen: '→ 2021-|06-02 22:43:31…') */}
          {s.timeSpan ? (
            <>
              <span className="nowrap">{clock(s.timeSpan.start, s.timeBase)}</span> → <span className="nowrap">{clock(s.timeSpan.end, s.timeBase)}</span> ({formatSeconds(s.timeSpan.end - s.timeSpan.start)})
            </>
          ) : s.events === 0 ? 'no events' : 'no timestamps'}
        </dd>
        {frames && (
          <>
            <dt>stacks (-k)</dt>
            <dd data-testid="summary-stack-frames" title="strace -k: each call's stack, one frame a line, read with its call (not dropped)">
              {frames}
            </dd>
          </>
        )}
        {lines.dropped.length > 0 && (
          <>
            <dt>lines dropped</dt>
            <dd data-testid="summary-dropped">{droppedText(lines, ' · ')}</dd>
          </>
        )}
      </dl>
      {s.hosts.length > 1 && <p className="muted">Cases come from {s.hosts.length} hosts: mc is exact only if their clocks were synchronised.</p>}
      {s.errors.length > 0 && (
        <div className="file-errors" data-testid="file-errors">
          <strong>Not loaded:</strong>
          <ul>
            {s.errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      {(s.skipped?.length ?? 0) > 0 && <SkippedFiles names={s.skipped!} />}
      {s.warnings.length > 0 && (
        <details className="warnings">
          <summary>{s.warnings.length} warnings</summary>
          <ul>
            {s.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      {s.unparsable.length > 0 && (
        <details className="unparsable" data-testid="unparsable" open>
          <summary>{formatCount(s.dropped.unparsable ?? s.unparsable.length)} unparsable lines</summary>
          <ul>
            {s.unparsable.map((u, i) => (
              <li key={i}>
                <code>
                  {u.file}:{u.line}
                </code>{' '}
                <span className="line-text">{u.text}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
