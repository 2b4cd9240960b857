export * from './eventlog';
export { EventLogBuilder } from './builder';
export { Interner } from './interner';
export { ColumnsAhead } from './columnsAhead';
export { joinForkedFiles, splitCasesByPid } from './transform';
export { LogMerger, mergeLogs, type MergeMaps } from './merge';
export * from './profile';
export { StackInterner, framesOf, remapStacks, stackColumn, type StackTable } from './stacks';
