/**
 * The call stacks of a native HDF5 event log (strace -k; docs/FORMATS.md "The native layout"): optional,
 * `/events/stack` with the `/stacks/*` datasets (all or none), and the analysis' notes per stack.
 */
import type { EventLog } from '../../model';
import type { StackTable } from '../../model/stacks';

/** What native.ts gives this file: how it writes a column or strings, and how it reads them back (checked). */
export interface StackIo {
  column(group: string, name: string, data: Uint16Array | Uint32Array): void;
  strings(group: string, name: string, list: readonly string[]): void;
}

export function writeStacks(log: EventLog, io: StackIo): void {
  const st = log.stacks;
  if (!st || !log.stack) return;
  io.column('events', 'stack', log.stack);
  io.strings('stacks', 'frames', st.frames);
  io.column('stacks', 'start', st.start);
  io.column('stacks', 'frame', st.frame);
  if (st.notes) {
    io.strings('stacks', 'layer', st.notes.layer);
    io.strings('stacks', 'site', st.notes.site);
    io.strings('stacks', 'entry', st.notes.entry);
  }
}

export interface StackRead {
  has(path: string): boolean;
  /** The dataset as the typed array of its own width (u16 or u32); throws (via bad) for another type or length. */
  ids(path: string, rows?: number): Uint16Array | Uint32Array;
  strings(path: string): string[];
}

/** The stack column and table, checked (`bad` names what is wrong), or {} when the file has none. */
export function readStacks(n: number, r: StackRead, bad: (what: string) => never): Pick<EventLog, 'stack' | 'stacks'> {
  const parts = ['/events/stack', '/stacks/frames', '/stacks/start', '/stacks/frame'];
  const present = parts.filter((p) => r.has(p));
  if (present.length === 0) return {};
  if (present.length !== parts.length) bad(`${parts.join(', ')} come together (found ${present.join(', ')})`);
  const stack = r.ids('/events/stack', n);
  const frames = r.strings('/stacks/frames');
  const start = Uint32Array.from(r.ids('/stacks/start'));
  const frame = Uint32Array.from(r.ids('/stacks/frame'));
  const S = start.length - 1;
  if (S < 1 || start[0] !== 0 || start[1] !== 0) bad('/stacks/start must begin 0, 0 (stack 0 is the empty stack)');
  if (start[S] !== frame.length) bad('/stacks/start does not end at the length of /stacks/frame');
  for (let s = 0; s < S; s++) if (start[s + 1] < start[s]) bad(`/stacks/start decreases at stack ${s}`);
  for (let k = 0; k < frame.length; k++) if (frame[k] >= frames.length) bad(`/stacks/frame ${k} refers to a missing frame`);
  if (new Set(frames).size !== frames.length) bad('/stacks/frames has a frame twice');
  for (let i = 0; i < n; i++) if (stack[i] >= S) bad(`event ${i} refers to a missing stack`);
  const stacks: StackTable = { frames, start, frame };
  return { stack, stacks };
}
