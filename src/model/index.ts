export * from './eventlog';
export { EventLogBuilder } from './builder';
export { Interner } from './interner';
export { ColumnsAhead } from './columnsAhead';
export { joinForkedFiles, mergeLogs, splitCasesByPid } from './transform';
