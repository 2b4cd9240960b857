/** The comparison of the IOR-like fixture runs (e2e/fixtures/ior-like: green cid ssf, red cid fpp), for UI tests. */
import { compare } from '../analysis/compare';
import type { CompareResult } from '../analysis/compare/types';
import { resolvePartition } from '../analysis/partition';
import { DEFAULT_MAPPING } from '../analysis/types';
import { traceDirLog } from './traceDir';

export const IOR_LIKE = 'e2e/fixtures/ior-like';

export function iorLikeCompare(depth = 2): CompareResult {
  const log = traceDirLog(IOR_LIKE);
  return compare(log, { ...DEFAULT_MAPPING, depth }, resolvePartition(log, 'cid:ssf', 'cid:fpp'));
}
