/**
 * The job header of each Darshan log loaded (LoadSummary.jobs, analysis/jobs.ts): command line, processes,
 * job id, start and run time, whether it has a DXT trace, its modules (read, partial, not read and why) and
 * its mount table. Shown in the Summary tab; text only (names from the log are data, never HTML).
 */
import type { JobRow } from '../../analysis/jobs';
import { formatCount, formatSeconds, formatUtc } from '../../lib/format';
import { CommandLine, Slashed } from '../Slashed';
import './darshan.css';

function Modules({ job }: { job: JobRow }) {
  return (
    <ul className="job-modules">
      {job.modules.map((m) => (
        <li key={m.name} className={m.read ? undefined : 'muted'} title={m.note ?? undefined}>
          {m.name} <span className="muted">v{m.version}</span>
          {m.partial && <span className="job-partial"> partial</span>}
          {!m.read && <span> — not read{m.note ? `: ${m.note}` : ''}</span>}
        </li>
      ))}
    </ul>
  );
}

function Mounts({ job }: { job: JobRow }) {
  return (
    <details className="job-mounts" data-testid="job-mounts">
      <summary>
        {formatCount(job.mounts.length)} mount point{job.mounts.length === 1 ? '' : 's'}
      </summary>
      <table>
        <tbody>
          {job.mounts.map((m, i) => (
            <tr key={i}>
              <td>
                <Slashed text={m.path} />
              </td>
              <td className="muted">{m.type}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** One job; with many logs loaded, each folded but the first. */
/** A UTC time whose date is one word (it was split at its hyphen, "2021-|06-02"); a line may break before the clock. */
function Utc({ s }: { s: number }) {
  const text = formatUtc(s);
  const cut = text.indexOf(' ');
  return cut < 0 ? <>{text}</> : (
    <>
      <span className="nowrap">{text.slice(0, cut)}</span>
      {text.slice(cut)}
    </>
  );
}

function Job({ job, open }: { job: JobRow; open: boolean }) {
  return (
    <details className="job" data-testid="job" open={open}>
      <summary title={job.source}>
        <strong>
          Darshan {job.version} log <Slashed text={job.source.replace(/^.*\//, '')} after="_." />
        </strong>
      </summary>
      <dl>
        <dt>command</dt>
        <dd data-testid="job-exe">{job.exe ? <CommandLine text={job.exe} /> : '(no command line)'}</dd>
        <dt>processes</dt>
        <dd data-testid="job-nprocs">
          {formatCount(job.nprocs)}
          {job.ranks_with_records > 0 && job.ranks_with_records !== job.nprocs && ` (${formatCount(job.ranks_with_records)} with records of their own)`}
        </dd>
        <dt>job id</dt>
        <dd>{job.jobid}</dd>
        <dt>ran</dt>
        <dd data-testid="job-runtime">
          {formatSeconds(job.runtime)} from <Utc s={job.start} />
        </dd>
        <dt>DXT trace</dt>
        <dd data-testid="job-dxt">{job.dxt ? 'yes: its operations are the events' : 'no (no events: run with DXT_ENABLE_IO_TRACE=1 to record one)'}</dd>
        <dt>modules</dt>
        <dd>
          <Modules job={job} />
        </dd>
      </dl>
      <Mounts job={job} />
    </details>
  );
}

export function JobsSummary({ jobs }: { jobs: readonly JobRow[] }) {
  if (!jobs.length) return null;
  return (
    <div className="jobs" data-testid="jobs">
      {jobs.map((j, i) => (
        <Job key={i} job={j} open={i === 0 || jobs.length <= 3} />
      ))}
    </div>
  );
}
