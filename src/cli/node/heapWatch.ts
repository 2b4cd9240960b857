/**
 * A load watched as it reads (issue #33.7): an estimate of its distinct paths that rests on few observations
 * is a guess, so such a load is read rather than refused, and stopped with one clear line when the
 * JavaScript heap nears its limit, before V8 aborts the process. The heap is looked at on each progress
 * report of the load (the parse reports as it reads; a look costs microseconds) and on a timer while the
 * parse threads read. What the heap holds includes garbage not yet collected: over the stop line, a full
 * collection tells what is alive, and the next one is made only when the heap has grown half way from there
 * to its limit (a collection of a few GiB takes about a second; a load over the line makes a few).
 */
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { formatBytes } from '../../lib/format';
import type { Cancel } from '../../ingest/source';

/** The share of the old generation's room (its limit less what the program held when the load began) at
 * which a load stops: the merge and the analysis need the rest. */
export const HEAP_STOP = 0.8;
/**
 * The part of V8's heap_size_limit that is the young generation (3 semi-spaces of 16 MiB on 64-bit, whatever
 * --max-old-space-size says: 16 → 64 MiB, 4096 → 4144 MiB). A load dies when its old generation is full,
 * so that is what is watched: what lives outside the new space against the limit without it.
 */
const YOUNG = 48 * 1024 * 1024;

/** The old generation's use and limit (bytes). */
export function oldGeneration(): { used: number; limit: number } {
  const h = getHeapStatistics();
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_used_size ?? 0;
  return { used: h.used_heap_size - young, limit: Math.max(h.heap_size_limit - YOUNG, h.heap_size_limit / 4) };
}

export interface HeapWatch {
  /** Looks at the heap: cancels the load when it is over HEAP_STOP of the limit. */
  check(readBytes: number, totalBytes: number): void;
  /** Why the load was cancelled (null: it was not). */
  readonly reason: string | null;
  stop(): void;
}

/** A full garbage collection (V8's gc, exposed on first use), or null where it cannot be had. */
let fullGc: (() => void) | null | undefined;
function collect(): boolean {
  if (fullGc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      fullGc = runInNewContext('gc') as () => void;
    } catch {
      fullGc = null;
    }
  }
  fullGc?.();
  return !!fullGc;
}

export function watchHeap(cancel: Cancel): HeapWatch {
  let reason: string | null = null;
  let read = 0;
  let total = 0;
  // the use over which the heap is collected and looked at again
  let line = 0;
  // what the program holds before the load (its code, the WebAssembly modules, garbage not yet collected)
  const before = oldGeneration();
  // and never above HEAP_STOP of the limit itself: the room over the line must hold what grows between two
  // looks (a file's paths when a thread parses it whole) and the collection the look makes — with a small
  // heap, 80 % of what was left when the load began left 1.6 MiB of 16 and V8 aborted in that collection
  const stop = Math.min(before.used + HEAP_STOP * Math.max(0, before.limit - before.used), HEAP_STOP * before.limit);
  const look = (): void => {
    if (reason !== null) return;
    let h = oldGeneration();
    if (h.used <= Math.max(stop, line)) return;
    if (collect()) {
      h = oldGeneration();
      line = h.used + (h.limit - h.used) / 2;
      if (h.used <= stop) return;
    }
    const done = total ? ` after ${Math.floor((100 * read) / total)} % of the traces` : '';
    reason =
      `stopped reading${done}: the JavaScript heap holds ${formatBytes(h.used)}, ${Math.round((100 * h.used) / h.limit)} % of its limit of ${formatBytes(h.limit)} ` +
      `(the load holds more distinct paths or events than its estimate said): keep only the paths you need with --filter SUBSTR (applied while reading), read fewer files, ` +
      `or give Node.js more heap (NODE_OPTIONS=--max-old-space-size=${Math.ceil((2 * h.limit) / 1024 / 1024)})`;
    cancel.cancelled = true;
  };
  const timer = setInterval(look, 100);
  timer.unref();
  return {
    check(readBytes, totalBytes) {
      read = readBytes;
      total = totalBytes;
      look();
    },
    get reason() {
      return reason;
    },
    stop: () => clearInterval(timer),
  };
}
