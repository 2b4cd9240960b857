/** The CLI's readable (non-JSON) output: summary line, activity / edge / variant / partition tables. */
import { jobLine } from '../../analysis/jobs';
import type { CliJson } from '../../analysis/cliJson';
import { errnoText, finiteValue, METRICS } from '../../analysis/metrics';
import type { AnalysisResult } from '../../analysis/types';
import { dominantBin, patternShares, pct, SIZE_BIN_LABELS } from '../../lib/accessText';
import { formatBytes, formatCount } from '../../lib/format';
import { droppedLines, droppedText, stackFramesText } from '../../lib/droppedLines';
import { leftOutText } from '../../lib/leftOut';
import { more, safe, SYSTEM_MARK, systemLast, systemLine, table } from '../text';
import { layersTables } from './layersReport';
import { counterFilesTable } from './darshanReport';

/** The statistics of the activity table (registry entries marked `cli`). */
const COLUMNS = METRICS.filter((m) => m.cli);


/** A variant's trace with runs folded: `read:/usr/lib ×3`. */
export function foldTrace(trace: readonly string[], max = 16): string {
  const parts: string[] = [];
  for (let i = 0; i < trace.length; ) {
    let j = i + 1;
    while (j < trace.length && trace[j] === trace[i]) j++;
    parts.push(j - i > 1 ? `${safe(trace[i])} ×${j - i}` : safe(trace[i]));
    i = j;
  }
  if (parts.length > max) return `${parts.slice(0, max - 1).join(' → ')} → … (${parts.length - max} more) → ${parts[parts.length - 1]}`;
  return parts.join(' → ');
}

export interface ReportContext {
  files: number;
  top: number;
  partitionLabel: string | null;
}

/** The readable report of an analysis. */
export function textReport(result: AnalysisResult, doc: CliJson, ctx: ReportContext): string {
  const out: string[] = [];
  const top = ctx.top || Number.POSITIVE_INFINITY;
  const lines = droppedLines(doc.dropped);
  const why = leftOutText(result.unmapped, result.leftOut, result.system); // the words of the app's Summary
  out.push(
    `${formatCount(ctx.files)} file${ctx.files === 1 ? '' : 's'}, ${formatCount(result.cases)} cases, ${formatCount(result.events)} events` +
      `${why ? ` (${why})` : ''}, ${result.nodes.length} activities, ${result.edges.length} edges, ${result.variants.length} variants`,
  );
  if (lines.stackFrames) out.push(`${stackFramesText(lines)} (strace -k: each call's stack, read with its call)`);
  if (lines.dropped.length) out.push(`dropped lines: ${droppedText(lines, ', ')}`);
  for (const j of doc.jobs ?? []) out.push(safe(jobLine(j)));
  if (!result.hasDurations && doc.jobs?.length && result.events === 0) out.push('note: no events (Darshan logs without a DXT trace): the graph is empty; the counters give the insights (`insights`) and the files');
  else if (!result.hasDurations) out.push('note: no durations in the traces (record with strace -T): Load, dr, mc and DR are unavailable');
  else if (!result.hasTimestamps) out.push('note: no timestamps in the traces (record with strace -tt): mc and DR are unavailable');
  if (result.hosts > 1) out.push(`note: cases from ${result.hosts} hosts: mc (and DR) are exact only if their clocks are synchronised`);

  out.push('', 'Activities (rd = share of the total duration; dr = mean data rate per event; DR = mc × dr; mean, p95 = call durations; fail = calls with an errno; binary units)');
  const nodes = result.nodes.slice(0, top);
  out.push(
    ...table(
      ['activity', ...COLUMNS.map((m) => m.short)],
      nodes.map((s) => [safe(s.id), ...COLUMNS.map((m) => m.format(finiteValue(m, s)))]),
      [false, ...COLUMNS.map(() => true)],
    ),
    ...more(nodes.length, result.nodes.length, 'activities'),
  );
  const failing = nodes.filter((s) => errnoText(s) !== '');
  if (failing.length) {
    out.push('', 'Failed calls by errno');
    out.push(...table(['activity', 'errnos'], failing.map((s) => [safe(s.id), errnoText(s)]), [false, false]));
  }

  out.push(...filesTable(doc, ctx.top));
  out.push(...counterFilesTable(doc, ctx.top));
  out.push(...layersTables(doc, ctx.top));

  out.push('', 'Edges (transitions summed over cases)');
  const edges = result.edges.slice().sort((a, b) => b.count - a.count || (a.source + a.target < b.source + b.target ? -1 : 1));
  const shownEdges = edges.slice(0, top);
  out.push(
    ...table(
      ['edge', 'count', 'cases'],
      shownEdges.map((e) => [`${safe(e.source)} -> ${safe(e.target)}`, formatCount(e.count), formatCount(e.cases)]),
      [false, true, true],
    ),
    ...more(shownEdges.length, edges.length, 'edges'),
  );

  out.push('', 'Variants (distinct traces)');
  const variants = result.variants.slice(0, top);
  for (const v of variants) {
    const cases = v.cases.slice(0, 4).map(safe).join(', ') + (v.cases.length > 4 ? `, … (${v.cases.length})` : '');
    out.push(`${String(v.count).padStart(6)}×  ${foldTrace(v.trace)}`, `         cases: ${cases}`);
  }
  out.push(...more(variants.length, result.variants.length, 'variants'));

  if (result.partition && doc.partition) {
    const p = result.partition;
    const dp = doc.partition;
    out.push('', `Partition: ${ctx.partitionLabel ?? ''} (${p.greenCases} green cases, ${p.redCases} red cases)`);
    const list = (title: string, items: string[], counts: Record<string, { green: number; red: number }>): void => {
      out.push(`${title} (${items.length}):${items.length ? '' : ' none'}`);
      for (const k of items.slice(0, top)) out.push(`  ${safe(k)}  [green ${formatCount(counts[k]?.green)}, red ${formatCount(counts[k]?.red)}]`);
      out.push(...more(Math.min(items.length, top), items.length, 'items').map((s) => `  ${s}`));
    };
    list('green nodes', dp.green_nodes, p.nodes);
    list('red nodes', dp.red_nodes, p.nodes);
    list('green edges', dp.green_edges, p.edges);
    list('red edges', dp.red_edges, p.edges);
  }
  return out.join('\n') + '\n';
}

/** Rows of the Files table with the default --top (the table is a short summary; the JSON has every file). */
export const FILES_SHOWN = 10;

/**
 * The files with the most bytes read and written: cases, shared or private, Darshan's access pattern of their
 * requests with a known offset, the most frequent request size (docs/METHOD.md "Access patterns").
 */
export function filesTable(doc: CliJson, top: number): string[] {
  const sys = systemLast(Object.entries(doc.files ?? {}), ([path]) => path);
  const files = sys.rows;
  if (files.length === 0) return [];
  const shown = files.slice(0, top ? Math.min(top, FILES_SHOWN) : files.length);
  const shared = files.filter(([, f]) => f.shared).length;
  const out = ['', `Files (${formatCount(files.length)} read or written, ${formatCount(shared)} shared by several cases; most bytes first${sys.count ? ', system files last' : ''}; consec/seq/rand: access pattern of the requests with a known offset; size: most frequent request size)`];
  out.push(
    ...table(
      ['file', 'bytes', 'cases', 'shared', 'consec', 'seq', 'rand', 'size'],
      shown.map((row) => {
        const [path, f] = row;
        const s = patternShares({ consecutive: f.reads.consecutive + f.writes.consecutive, sequential: f.reads.sequential + f.writes.sequential, random: f.reads.random + f.writes.random, sizes: f.sizes });
        const bin = dominantBin(f.sizes);
        return [sys.system(row) ? `${safe(path)} ${SYSTEM_MARK}` : safe(path), formatBytes(f.bytes), formatCount(f.cases), f.shared ? 'shared' : 'private', pct(s.consecutive), pct(s.sequential), pct(s.random), bin >= 0 ? SIZE_BIN_LABELS[bin] : '–'];
      }),
      [false, true, true, false, true, true, true, false],
    ),
    ...more(shown.length, files.length, 'files'),
    ...systemLine(sys.count, files.length, 'files'),
  );
  return out;
}
