/**
 * Which process a strace line is of (docs/FORMATS.md "strace text input"): its `[pid N]` or `N ` prefix,
 * else the pid of an -ff file's name (`trace.1234`); lines without a prefix in a file whose other lines have
 * `[pid N]` are the first process' (strace writes its own pid only once a child exists).
 */
import type { EventLogBuilder, FileReport } from '../../model';
import type { FdTracker } from './fds';
import type { LineScanner } from './scan';

export class LinePids {
  /** The prefixes seen: 1 `N `, 2 `[pid N]`. */
  private kinds = 0;
  /** Whether a line had no prefix (and the file name no pid). */
  private unprefixed = false;
  /** The pids of `strace: Process N attached` messages (not the first process). */
  readonly attached = new Set<number>();
  /** The first `[pid N]` that was not attached: the process of the lines without a prefix (-1: none yet). */
  main = -1;

  /** `filePid`: the pid of the file's name (-1: none). */
  constructor(readonly filePid: number) {}

  /** The pid of the line scanned into `sc` (`fds`: the fd tables, whose pid 0 becomes the first process'). */
  of(sc: LineScanner, fds: FdTracker): number {
    if (sc.pidKind > 0) {
      const pid = sc.pid;
      this.kinds |= sc.pidKind;
      if (sc.pidKind === 2 && this.main < 0) this.first(pid, fds);
      return pid;
    }
    if (this.filePid >= 0) return this.filePid;
    this.unprefixed = true;
    return 0;
  }

  /** A `[pid N]` line before the first process is known: N is it, unless N was attached (strace -p). */
  private first(pid: number, fds: FdTracker): void {
    if (this.attached.has(pid)) return;
    this.main = pid;
    fds.alias(0, pid);
  }

  /** After the last line: the events of lines without a prefix (pid 0) are the first process' when one is known. */
  finish(b: EventLogBuilder, r: FileReport): void {
    if (!(this.kinds & 2 && this.unprefixed)) return;
    if (this.main >= 0) {
      for (let i = 0; i < b.n; i++) if (b.pid[i] === 0) b.pid[i] = this.main;
    } else r.warnings.push('lines without a [pid N] prefix could not be attributed to a process: they have pid 0');
  }

  /** The file's flags' `pids`. */
  flag(): 'bracket' | 'prefix' | 'filename' | 'none' {
    return this.kinds & 2 ? 'bracket' : this.kinds & 1 ? 'prefix' : this.filePid >= 0 ? 'filename' : 'none';
  }
}
