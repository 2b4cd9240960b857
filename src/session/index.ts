export { Session, PartitionError, UI_TRACE_LIMITS, type SessionOptions } from './session';
export { pathPredicate } from './pathFilter';
export { noCtx } from './types';
export type * from './types';
