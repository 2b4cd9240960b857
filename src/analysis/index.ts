/** The analysis engine: pure functions of an EventLog (see docs/ARCHITECTURE.md for the contract). */
export { compileMapping, MappingError, mappingRegexes, annotationKind, truncPath, type CompiledMapping, type CustomEvent, type MappingOptions } from './mapping';
export { analyze, completeDeferred } from './analyze';
export { resolvePartition, selectCases, parseIdList, idsSelector } from './partition';
export { activityEvents, edgeCases, type ActivityEvents } from './events';
export { concurrencySequence } from './concurrency';
export * from './types';
export { METRICS, COLOR_METRICS, metric, isMetricId, finiteValue, metricTitle, errnoText, rdText, type MetricDef, type MetricId, type MetricUnit, type LoadInfo } from './metrics';
export { unionQuantile, pairDurations, type PairDurations } from './quantile';
export { isSystemPath, SYSTEM_PATH, SYSTEM_MODES, type SystemMode } from './systemFiles';
export { mappingLog, mappingLogKey, normalisePidPaths, normalisePath, PID } from './pids';
export { caseLabel, rankCids } from './ranks';
