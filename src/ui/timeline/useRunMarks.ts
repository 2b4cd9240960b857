/**
 * The whole-run timeline's marks, asked of the session for the visible range (Session.runTimeline): a new
 * analysis or row mode asks for the whole run again; a zoom, a pan or a new width asks for that range; only
 * the newest reply is kept.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RunTimeline, RunTimelineRequest } from '../../session/time';

/** A reply, with the range it was asked for and the whole-run request it belongs to. */
export interface RunReply {
  data: RunTimeline;
  /** Seconds since t0; null = the whole run. */
  range: [number, number] | null;
  /** Bumped for each whole-run request: Plotly keeps a user's zoom while it stays. */
  rev: number;
}

export interface RunMarks {
  data: RunTimeline | null;
  reply: RunReply | null;
  loading: boolean;
  error: string | null;
  /** The visible range (seconds since t0); null = the whole run. */
  range: [number, number] | null;
  /** Asks for the marks of `range` (null: the whole run). */
  show(range: [number, number] | null): void;
  /** Asks again for the current range (a new width: one bucket per pixel). */
  again(): void;
}

/**
 * `pixels(data)`: the plot's width in pixels for the rows of `data` (null before the first reply). `version`
 * changes when the analysis changes.
 */
export function useRunMarks(fetch: (req: RunTimelineRequest) => Promise<RunTimeline>, byPid: boolean, version: unknown, pixels: (d: RunTimeline | null) => number): RunMarks {
  const seq = useRef(0);
  const range = useRef<[number, number] | null>(null);
  const latest = useRef({ pixels, data: null as RunTimeline | null });
  const [reply, setReply] = useState<RunReply | null>(null);
  const data = reply?.data ?? null;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rev = useRef(0);
  useLayoutEffect(() => {
    latest.current = { pixels, data };
  });

  const ask = useCallback(async () => {
    const n = ++seq.current;
    setLoading(true);
    try {
      const r = range.current;
      const d = await fetch({ from: r ? r[0] : null, to: r ? r[1] : null, pixels: latest.current.pixels(latest.current.data), byPid });
      if (n === seq.current) {
        setReply({ data: d, range: r, rev: rev.current });
        setError(null);
      }
    } catch (e) {
      if (n === seq.current) setError(`Could not compute the timeline: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (n === seq.current) setLoading(false);
    }
  }, [fetch, byPid]);

  // a new analysis or row mode: the whole run again
  useEffect(() => {
    range.current = null;
    rev.current++;
    void ask();
  }, [version, ask]);

  const show = useCallback(
    (r: [number, number] | null) => {
      range.current = r;
      void ask();
    },
    [ask],
  );
  const again = useCallback(() => void ask(), [ask]);
  return { data, reply, loading, error, range: range.current, show, again };
}
