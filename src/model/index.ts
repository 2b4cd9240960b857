export * from './eventlog';
export { EventLogBuilder } from './builder';
export { Interner } from './interner';
export { joinForkedFiles, mergeLogs, splitCasesByPid } from './transform';
