/**
 * The job header of each profiling log (Darshan) loaded: what the Summary (app) and the CLI's report and
 * JSON show beside the traced events (docs/FORMATS.md "Darshan logs").
 */
import type { EventLog } from '../model/eventlog';

export interface JobRow {
  source: string;
  format: string;
  version: string;
  /** The command line as recorded. */
  exe: string;
  nprocs: number;
  jobid: number;
  /** Job start and end (seconds since 1970) and run time (s). */
  start: number;
  end: number;
  runtime: number;
  /** Ranks with at least one counter record (shared records excluded). */
  ranks_with_records: number;
  /** Whether the log has a DXT trace (its events). */
  dxt: boolean;
  mounts: { path: string; type: string }[];
  modules: { name: string; version: number; read: boolean; partial: boolean; note: string | null }[];
}

export function jobRows(log: EventLog | null): JobRow[] {
  return (log?.profiles ?? []).map((p) => {
    const ranks = new Set<number>();
    for (const t of p.tables) for (const r of t.rank) if (r >= 0) ranks.add(r);
    return {
      source: p.source, format: p.format, version: p.version, exe: p.exe, nprocs: p.nprocs, jobid: p.jobid,
      start: p.start, end: p.end, runtime: Math.max(0, p.end - p.start), ranks_with_records: ranks.size, dxt: p.hasDxt,
      mounts: p.mounts.map((m) => ({ ...m })),
      modules: p.modules.map((m) => ({ name: m.name, version: m.version, read: m.read, partial: m.partial, note: m.note })),
    };
  });
}

/** One line per job: `Darshan 3.41 log X: ./app (4 processes, job 123, 12.0 s); modules POSIX, MPI-IO (partial); no DXT trace`. */
export function jobLine(j: JobRow): string {
  const mods = j.modules.map((m) => `${m.name}${m.partial ? ' (partial)' : ''}${m.read ? '' : ' (not read)'}`).join(', ');
  const started = new Date(j.start * 1000).toISOString().replace('.000Z', 'Z');
  return `Darshan ${j.version} log ${j.source}: ${j.exe || '(no command line)'} — ${j.nprocs} process${j.nprocs === 1 ? '' : 'es'}, job ${j.jobid}, ` +
    `started ${started}, ran ${j.runtime.toFixed(1)} s; modules ${mods || 'none'}; ${j.mounts.length} mount points` +
    `${j.dxt ? '' : '; no DXT trace (no events: enable DXT_ENABLE_IO_TRACE=1 when the job runs)'}`;
}

/**
 * Why the graph of these logs is empty, or null: the loaded events are none and some log is a Darshan log
 * without a DXT trace. The app shows it in place of the graph; the CLI prints it as a note.
 */
export function emptyGraphText(log: EventLog | null): string | null {
  const ps = log?.profiles ?? [];
  if (!log || log.n > 0 || !ps.length) return null;
  const without = ps.filter((p) => !p.hasDxt);
  if (!without.length) return null;
  const heat = ps.some((p) => p.heatmaps.length > 0);
  const which = without.length === 1 ? 'this log has' : `these ${without.length} logs have`;
  return `No events: ${which} no DXT trace — enable DXT_ENABLE_IO_TRACE=1 when the job runs to record one. ` +
    `Darshan's counters still give the Files view, the insights${heat ? ' and the overview (its runtime heatmap)' : ''}.`;
}
