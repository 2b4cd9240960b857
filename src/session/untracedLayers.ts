/**
 * Untraced time of logs that record only some I/O layers (docs/METHOD.md "Untraced time"): a Darshan DXT
 * trace or an OTF2 trace was not recorded by strace, so strace's advice (which calls a `-e trace=` filter left
 * out, the option to add) does not apply to its cases; what fills their gaps is said for the format instead.
 */
import { gapSentence, type CaseUntraced, type UntracedTime } from '../analysis/time/index';
import type { EventLog, SourceFormat } from '../model/eventlog';

/** What fills the gaps of a case of a format that records only some layers (strace and HDF5 logs: none). */
export const LAYER_GAPS: Readonly<Partial<Record<SourceFormat, string>>> = {
  darshan: 'DXT records only the POSIX and MPI-IO reads and writes: the gaps are computation, or I/O that DXT does not record (opens, closes, syncs, metadata, STDIO, other layers)',
  otf2: "the trace's events are the I/O records of Score-P's I/O recording (POSIX, ISO C, MPI-IO, HDF5, …): the gaps are computation, communication, or calls of layers it did not record",
};

const cache = new WeakMap<UntracedTime, UntracedTime>();

/** `u` (of `log`) with the cases of Darshan and OTF2 files told what fills their gaps, without strace's advice. */
export function forRecordedLayers(log: EventLog, u: UntracedTime): UntracedTime {
  if (!log.files.some((f) => LAYER_GAPS[f.format])) return u;
  let out = cache.get(u);
  if (!out) {
    const cases = u.cases.map((c): CaseUntraced => {
      const why = LAYER_GAPS[log.files[log.cases[c.case].file]?.format ?? 'strace'];
      if (!why) return c;
      return { ...c, missing: [], filtered: false, advice: null, why, gaps: c.gaps.map((g) => ({ ...g, text: gapSentence({ why }, g) })) };
    });
    out = { ...u, cases };
    cache.set(u, out);
  }
  return out;
}
