/**
 * The analysis JSON document of a Session (DOM-free and Node-free): its view text, and the CLI's JSON
 * document of the analysis without variant caps (Analysis.fullResult) with access patterns and insight
 * findings (docs/FORMATS.md); its view text is view.ts `analysisView`.
 * Session.analysisJson, exportJson and writeJson assemble it from here.
 */
import { addNodeAccess, filesJson, type AccessReport } from '../analysis/accessReport';
import type { CliJson } from '../analysis/cliJson';
import { addLayersJson, type LayerReport } from '../analysis/layers/report';
import type { InsightsResult } from '../analysis/insights/index';
import { toInsightsJson, toUnobservableJson, type InsightJson, type UnobservableJson } from '../analysis/insights/json';

/** Session.analysisJson's document: the CLI's --json output. */
export type AnalysisJson = { view: string } & CliJson & { files: NonNullable<CliJson['files']>; insights: InsightJson[]; unobservable: UnobservableJson[] };

/** `doc` (toCliJson of the full result) with the access patterns, the layers and the insight findings added. */
export function analysisDocument(doc: CliJson, access: AccessReport, ins: InsightsResult, view: () => string, layers: LayerReport | null = null): AnalysisJson {
  addNodeAccess(doc.nodes, access);
  const byLayer = layers ? addLayersJson(doc, layers) : {};
  const insights = toInsightsJson(ins);
  return { view: view(), ...doc, files: filesJson(access), ...byLayer, insights, unobservable: toUnobservableJson(ins) };
}
