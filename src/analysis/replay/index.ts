/**
 * Replay (docs/METHOD.md "Replay"): a run's own I/O as a benchmark — fio I/O logs, a metadata replayer and
 * run.sh per replay folder — with what-ifs, the fidelity check of a traced replay, and the compressed pattern.
 */
export { replayPlan, type PlanOptions } from './plan';
export { replayFolder, whatIfLines, manifest, MANIFEST_FORMAT, MANIFEST_VERSION, type ReplayFile } from './folder';
export { NO_WHAT_IFS, type ReplayPlan, type PlanCase, type PlanFile, type WhatIfs, type IoLine, type MetaLine } from './types';
export { kindOf, caseOps, META_KINDS, type Op, type OpKind, type MetaKind } from './ops';
export { checkFolder, checkPlan } from './check';
export { readReplayFolder, ReplayFolderError, type ReadFolder } from './readFolder';
export { timeLine, type FidelityReport, type CaseFidelity } from './fidelity';
export { patternReport, type PatternReport, type CasePattern } from './patternReport';
export type { PatternGroup, RankFit } from './ranks';
