/**
 * Where the data of the insights comes from, for Darshan logs (docs/METHOD.md "Insights from Darshan
 * counters"): a finding computed from events that are a Darshan log's DXT operations names that trace as its
 * source (the counter rules name the counters themselves: rules/darshan.ts); a load of Darshan logs only has
 * its own list of what cannot be observed, and no strace note about offsets or durations when the logs have
 * no DXT trace (their rules read the counters).
 */
import type { EventLog } from '../../model';
import type { RawFinding, Unobservable } from './types';
import { UNOBSERVABLE } from './unobservable';

const COUNTERS = 'source: Darshan counters';

/** What a load of Darshan logs only cannot give (P07 is read from POSIX_MEM_NOT_ALIGNED: rules/darshanAlign.ts; the M08–M10 reason: docs/METHOD.md "Insights from Darshan counters"). */
export const DARSHAN_UNOBSERVABLE: readonly Unobservable[] = [
  ...(['M08', 'M09', 'M10'] as const).map((code) => ({
    code,
    title: UNOBSERVABLE.find((u) => u.code === code)!.title,
    why: "The cb_nodes hint a Darshan log holds is the one Darshan wrote its own log with (in every log of the public collection), not the application's, and the application's aggregators are not recorded.",
  })),
];

/** Per case: the Darshan log (with a DXT trace) its events come from, or null. */
export function dxtSources(log: EventLog): (string | null)[] | null {
  const ps = (log.profiles ?? []).filter((p) => p.hasDxt);
  if (!ps.length) return null;
  const byCase = new Map<string, string>();
  for (const p of ps) for (const id of Object.values(p.caseOfRank)) byCase.set(id, p.source.replace(/^.*\//, ''));
  return log.cases.map((c) => byCase.get(c.id) ?? null);
}

/**
 * The finding with its source line when its cases (else the scope's) include a Darshan log's DXT ranks:
 * `source: DXT trace of job.darshan` (and `and strace traces` when strace cases take part too).
 */
export function withDxtSource(f: RawFinding, sources: readonly (string | null)[] | null, caseOf: ReadonlyMap<string, number>, scopeCases: readonly number[]): RawFinding {
  if (!sources || f.details.some((d) => d.startsWith(COUNTERS))) return f;
  const named = f.cases.map((c) => caseOf.get(c.name)).filter((k): k is number => k !== undefined);
  const ks = named.length ? named : scopeCases;
  const logs = new Set<string>();
  let strace = false;
  for (const k of ks) {
    const s = sources[k];
    if (s === null) strace = true;
    else logs.add(s);
  }
  if (!logs.size) return f;
  return { ...f, details: [...f.details, `source: DXT trace of ${[...logs].join(', ')}${strace ? ' and strace traces' : ''}`] };
}

/** Whether every loaded file is a Darshan log. */
export const darshanOnly = (log: EventLog): boolean => log.files.length > 0 && log.files.every((f) => f.format === 'darshan');
