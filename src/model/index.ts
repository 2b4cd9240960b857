export * from './eventlog';
export { EventLogBuilder } from './builder';
export { Interner } from './interner';
export { mergeLogs, splitCasesByPid } from './transform';
