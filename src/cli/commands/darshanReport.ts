/** The analyze report's table of Darshan's counters per file and rank (analysis/darshan/counterFiles.ts). */
import type { CliJson } from '../../analysis/cliJson';
import type { CounterPatternJson } from '../../analysis/darshan/counterFiles';
import { dominantBin, pct, SIZE_BIN_LABELS } from '../../lib/accessText';
import { formatBytes, formatCount } from '../../lib/format';
import { more, safe, SYSTEM_MARK, systemLast, systemLine, table } from '../text';

/** Rows shown with the default --top (the JSON's darshan_files has every record). */
export const COUNTER_ROWS_SHOWN = 10;

const share = (a: CounterPatternJson, b: CounterPatternJson, k: 'consecutive' | 'sequential' | 'random'): string =>
  a[k] === null || b[k] === null || a.ops + b.ops === 0 ? '–' : pct((a[k]! + b[k]!) / (a.ops + b.ops));

export function counterFilesTable(doc: CliJson, top: number): string[] {
  const sys = systemLast(doc.darshan_files ?? [], (r) => r.file);
  const rows = sys.rows;
  if (!rows.length) return [];
  const shown = rows.slice(0, top ? Math.min(top, COUNTER_ROWS_SHOWN) : rows.length);
  const files = new Set(rows.map((r) => r.file)).size;
  const out = ['', `Files from Darshan's counters (${formatCount(rows.length)} records of ${formatCount(files)} files; per module and rank, all = a record shared by every rank; most bytes first${sys.count ? ', system files last' : ''}; consec/seq/rand: POSIX's access pattern; size: most frequent request size; common: the most common access size)`];
  out.push(
    ...table(
      ['file', 'module', 'rank', 'bytes', 'reads', 'writes', 'consec', 'seq', 'rand', 'size', 'common'],
      shown.map((r) => {
        const sizes = r.reads.sizes && r.writes.sizes ? r.reads.sizes.map((n, k) => n + r.writes.sizes![k]) : [];
        const bin = dominantBin(sizes);
        const common = r.common_sizes[0];
        return [sys.system(r) ? `${safe(r.file)} ${SYSTEM_MARK}` : safe(r.file), r.module, r.rank < 0 ? 'all' : String(r.rank), formatBytes(r.reads.bytes + r.writes.bytes), formatCount(r.reads.ops), formatCount(r.writes.ops),
          share(r.reads, r.writes, 'consecutive'), share(r.reads, r.writes, 'sequential'), share(r.reads, r.writes, 'random'),
          bin >= 0 ? SIZE_BIN_LABELS[bin] : '–', common ? `${formatBytes(common[0])} ×${formatCount(common[1])}` : '–'];
      }),
      [false, false, true, true, true, true, true, true, true, false, false],
    ),
    ...more(shown.length, rows.length, 'records'),
    ...systemLine(sys.count, rows.length, 'records'),
  );
  return out;
}
