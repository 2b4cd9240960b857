/**
 * The analysis JSON document of a Session (DOM-free and Node-free): the last analysis without variant caps,
 * its view text, and the CLI's JSON document with access patterns and insight findings (docs/FORMATS.md).
 * Session.analysisJson, exportJson and writeJson assemble it from here.
 */
import { analyze, type CompiledMapping } from '../analysis/index';
import { addNodeAccess, filesJson, type AccessReport } from '../analysis/accessReport';
import type { CliJson } from '../analysis/cliJson';
import { addLayersJson, type LayerReport } from '../analysis/layers/report';
import { changedThresholds, type InsightsResult, type Thresholds } from '../analysis/insights/index';
import { toInsightsJson, toUnobservableJson, type InsightJson, type UnobservableJson } from '../analysis/insights/json';
import type { AnalysisResult, AnalyzeOptions, PartitionSpec } from '../analysis/types';
import type { EventLog } from '../model/eventlog';
import { analysisView } from './view';
import type { AnalyzeParams, AnalyzeReply } from './types';

/** Session.analysisJson's document: the CLI's --json output. */
export type AnalysisJson = { view: string } & CliJson & { files: NonNullable<CliJson['files']>; insights: InsightJson[]; unobservable: UnobservableJson[] };

/** What made the last analysis, as view text (display settings left out). */
export function viewText(params: AnalyzeParams, splitByPid: boolean, thresholds: Thresholds): string {
  const changed = changedThresholds(thresholds);
  return analysisView(params, splitByPid, Object.keys(changed).length ? JSON.stringify(changed) : '');
}

/** The last analysis of a Session (its reply, view parameters and resolved partition). */
export interface LastAnalysis {
  reply: AnalyzeReply | null;
  params: AnalyzeParams | null;
  partition: PartitionSpec | null;
}

/**
 * The last analysis without the variant caps (re-run only when the session caps them with `limits`);
 * `analysed` gives its events and mapping (it throws when nothing is analysed).
 */
export function fullResult(last: LastAnalysis, limits: AnalyzeOptions | undefined, analysed: () => { work: EventLog; compiled: CompiledMapping }): AnalysisResult {
  const { reply, params } = last;
  if (!reply || !params) throw new Error('nothing analysed yet');
  if (!limits) return reply.result;
  const { work, compiled } = analysed();
  return analyze(work, params.mapping, last.partition, compiled);
}

/** `doc` (toCliJson of the full result) with the access patterns, the layers and the insight findings added. */
export function analysisDocument(doc: CliJson, access: AccessReport, ins: InsightsResult, view: () => string, layers: LayerReport | null = null): AnalysisJson {
  addNodeAccess(doc.nodes, access);
  const byLayer = layers ? addLayersJson(doc, layers) : {};
  const insights = toInsightsJson(ins);
  return { view: view(), ...doc, files: filesJson(access), ...byLayer, insights, unobservable: toUnobservableJson(ins) };
}
