/** One event of a Chrome trace (Trace Event JSON) as the export tests read it back. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  args: Record<string, unknown>;
}
