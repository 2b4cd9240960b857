/**
 * The lines of the traces that gave no event, in the words of the app's Summary and the CLI report
 * (docs/FORMATS.md "Dropped line kinds"). strace -k's frame lines read into their call's stack (`stack-frame`)
 * are not dropped: they belong to the call above them, and are counted apart ("N stack frame lines"). Frame
 * lines of no call (`orphan-stack-frame`) are dropped like the other kinds.
 */
import { formatCount } from './format';

/** The FileReport.dropped kind of the frame lines read into a call's stack. */
export const STACK_FRAME_KIND = 'stack-frame';

export interface DroppedLines {
  /** The kinds dropped (no stack frames), with their counts, in the order given. */
  dropped: [string, number][];
  /** Frame lines read into their calls' stacks. */
  stackFrames: number;
}

export function droppedLines(byKind: Readonly<Record<string, number>>): DroppedLines {
  const dropped = Object.entries(byKind).filter(([k, n]) => n > 0 && k !== STACK_FRAME_KIND);
  return { dropped, stackFrames: byKind[STACK_FRAME_KIND] ?? 0 };
}

/** `exit 4 · signal 2` (the separator between kinds given). */
export function droppedText(d: DroppedLines, sep: string): string {
  return d.dropped.map(([k, n]) => `${k} ${formatCount(n)}`).join(sep);
}

/** `1,091 stack frame lines` ('' without). */
export function stackFramesText(d: DroppedLines): string {
  return d.stackFrames ? `${formatCount(d.stackFrames)} stack frame line${d.stackFrames === 1 ? '' : 's'}` : '';
}
