/** Hand-made event logs for tests: one line per event, built with the real EventLogBuilder. */
import { EventLogBuilder, caseFromFileName, emptyFileReport, type EventLog, type TimeBase } from '../model';

/** [call, fp ('' = none), start, dur (NaN = unknown), size (NaN = none), pid?, errno?] */
export type TinyEvent = [string, string, number, number, number, number?, string?];

export interface TinyCase {
  /** A trace file name such as `a_host1_1.st` (cid/host/rid parsed from it). */
  file: string;
  events: TinyEvent[];
}

export function tinyLog(cases: TinyCase[], timeBase: TimeBase = 'clock'): EventLog {
  const b = new EventLogBuilder(16);
  for (const c of cases) {
    const f = b.addFile(emptyFileReport(c.file, 'strace'));
    b.beginCase({ ...caseFromFileName(c.file), pid: null }, f);
    c.events.forEach(([call, fp, start, dur, size, pid, errno], line) => {
      const p = b.pairOf(b.internCall(call), b.internPath(fp));
      b.push(pid ?? 100, p, b.internErrno(errno ?? ''), start, dur, size, line + 1);
    });
    b.endCase();
  }
  return b.build(timeBase);
}
