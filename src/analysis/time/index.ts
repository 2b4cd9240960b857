/** Time analyses of an EventLog: run span, overview heatmap, I/O phases and stragglers, time windows, Chrome trace export. */
export { runSpan, spanT0, type RunSpan } from './span';
export { overview } from './overview';
export { timeOverview } from './timeOverview';
export { phases, phaseBusy, phaseBusyOf, stragglerRule, DEFAULT_GAP_FRACTION, DEFAULT_MIN_GAP, type PhaseBusy, type StragglerRule } from './phases';
export { windowLog, windowRanges, parseTimeWindow, formatTimeWindow, type TimeWindow, type WindowRanges } from './window';
export { writeChromeTrace, offsetColumn, type TraceSink, type ChromeTraceOptions } from './chromeTrace';
export { untracedTime, rowGaps, gapSentence, gapWhere, untracedWhy, missingText, callLabel, TRACE_FILE_DESC, LAYER_GAPS, type UntracedTime, type CaseUntraced, type UntracedGap, type GapCall, type MissingKind, type UntracedOptions, type RowGaps } from './gaps';
export type * from './types';
