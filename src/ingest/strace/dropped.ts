/**
 * The kinds of dropped lines (FileReport.dropped keys) and their indexes, counted in an array in the
 * parser's hot loop.
 */

export const DROPPED_KINDS = ['blank', 'unparsable', 'truncated-last-line', 'strace-message', 'signal', 'exit', 'erestart', 'unavailable', 'unfinished-exited', 'filtered', 'orphan-unfinished', 'orphan-resumed', 'resumed', 'stack-frame', 'orphan-stack-frame'] as const;
export const D_BLANK = 0;
export const D_UNPARSABLE = 1;
export const D_TRUNCATED_LAST_LINE = 2;
export const D_STRACE_MESSAGE = 3;
export const D_SIGNAL = 4;
export const D_EXIT = 5;
export const D_ERESTART = 6;
export const D_UNAVAILABLE = 7;
export const D_UNFINISHED_EXITED = 8;
export const D_FILTERED = 9;
export const D_ORPHAN_UNFINISHED = 10;
export const D_ORPHAN_RESUMED = 11;
export const D_RESUMED = 12;
/** A frame line of strace -k read into its call's stack (the event has it). */
export const D_STACK_FRAME = 13;
/** A frame line of no call: after a call that gave no event (`= ?`, a signal), or of a stack that cut another call's line. */
export const D_ORPHAN_STACK_FRAME = 14;
