export { Session, PartitionError, UI_TRACE_LIMITS, type FollowUpRequest, type FollowUps, type SessionOptions } from './session';
export type { Analysis } from './analysis';
export { pathPredicate } from '../analysis/pathFilter';
export { noCtx } from './types';
export type * from './types';
