/** One row of the comparison table: per-side columns, the test of the chosen metric, for activities the per-call test. */
import type { ElementMetric } from '../../analysis/compare/types';
import { formatBytes, formatSeconds, formatPercent, formatRate } from '../../lib/format';
import type { TableRow } from './compareModel';

const fmtMetric = (m: ElementMetric, kind: TableRow['kind'], x: number | null): string => {
  if (x === null) return '–';
  if (m === 'bytes' && kind !== 'edge') return formatBytes(x);
  if (m === 'time' && kind !== 'edge') return formatSeconds(x);
  return x >= 100 ? Math.round(x).toLocaleString('en-US') : Number(x.toPrecision(3)).toString();
};

function ratioText(r: TableRow): string {
  if (r.green === 0 && r.red !== null && r.red > 0) return 'red only';
  if (r.red === 0 && r.green !== null && r.green > 0) return 'green only';
  if (r.ratio === null) return '–';
  return r.ratio >= 1 ? `${Number(r.ratio.toPrecision(3))}×` : `1/${Number((1 / r.ratio).toPrecision(3))}`;
}

export const qText = (q: number | null | undefined): string => (q == null ? '–' : q < 0.001 ? q.toExponential(1) : q.toFixed(3));

export function CompareTableRow({ r, m, testable, cases, selected, onPick }: { r: TableRow; m: ElementMetric; testable: boolean; cases: string; selected: boolean; onPick(kind: string, ref: string): void }) {
  const t = r.test;
  const sig = t?.q !== null && t?.q !== undefined && t.q < 0.05;
  const pc = r.perCall;
  return (
    <tr className={`${selected ? 'selected' : ''} ${sig || t?.separated ? 'sig' : ''}`} onClick={() => onPick(r.kind, r.id)} data-testid="compare-row" data-id={r.id}>
      <td className="act" title={r.id}>
        <span className={`cmp-dot ${r.side}`} />
        {r.kind === 'edge' ? `${r.source} → ${r.target}` : r.id}
      </td>
      <td className="num">
        {r.greenCases} / {r.redCases}
      </td>
      <td className="num">{fmtMetric(m, r.kind, r.green)}</td>
      <td className="num">{fmtMetric(m, r.kind, r.red)}</td>
      <td className="num">{ratioText(r)}</td>
      <td className={`num ${t?.effect != null ? (t.effect > 0 ? 'red-text' : t.effect < 0 ? 'green-text' : '') : ''}`} title={t?.separated ? `complete separation, ${cases}: every ${t.effect! > 0 ? 'red' : 'green'} case above every ${t.effect! > 0 ? 'green' : 'red'} case` : undefined}>
        {t?.effect == null ? (testable ? '–' : 'no test') : t.effect.toFixed(2)}
        {t?.separated ? <span className="cmp-sep" data-testid="separated"> complete separation</span> : null}
      </td>
      <td className="num">{qText(t?.q)}</td>
      {r.kind === 'activity' && (
        <>
          <td className="num">
            {formatSeconds(r.greenMeanDur)} / {formatSeconds(r.redMeanDur)}
          </td>
          <td className="num" data-testid="per-call">
            {pc ? `${formatSeconds(pc.green.median)} / ${formatSeconds(pc.red.median)}` : '–'}
          </td>
          <td className="num">{pc ? qText(pc.test.q) : '–'}</td>
          <td className="num">
            {formatRate(r.greenDr)} / {formatRate(r.redDr)}
          </td>
          <td className="num">
            {r.greenMc ?? '–'} / {r.redMc ?? '–'}
          </td>
          <td className="num">
            {formatPercent(r.greenFail, 0)} / {formatPercent(r.redFail, 0)}
          </td>
        </>
      )}
    </tr>
  );
}
