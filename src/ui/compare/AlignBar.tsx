/**
 * Like for like in the Compare tab (docs/METHOD.md "Like for like"): each proposed alignment with "Apply"
 * (adds its two rewrites to the mapping: both places become one activity per call), and every alignment
 * already applied (a rewrite to a `{a|b}` label) with "Undo" (removes its rewrites).
 */
import type { CompareResult } from '../../analysis/compare/types';
import type { RewriteRule } from '../../analysis/types';

const same = (a: RewriteRule, b: RewriteRule): boolean => a.kind === b.kind && a.pattern === b.pattern && a.label === b.label;

export function AlignBar({ result, rewrites, onRewrites }: { result: CompareResult; rewrites: readonly RewriteRule[]; onRewrites(r: RewriteRule[]): void }) {
  const proposed = result.alignments ?? [];
  const applied = result.applied ?? [];
  if (!proposed.length && !applied.length) return null;
  return (
    <div className="cmp-align" data-testid="compare-align">
      {proposed.map((a) => (
        <div key={a.label}>
          like for like: <code>{a.green}</code> (green) ≙ <code>{a.red}</code> (red) →{' '}
          <button onClick={() => onRewrites([...rewrites, ...a.rewrites.filter((r) => !rewrites.some((x) => same(x, r)))])} data-testid="align-apply" title={a.rewrites.map((r) => `${r.pattern} => ${r.label}`).join('\n')}>
            Apply rewrite to {a.label}
          </button>
        </div>
      ))}
      {applied.map(({ label, patterns }) => (
        <div key={label}>
          aligned as <code>{label}</code> ({patterns.join(', ')}){' '}
          <button onClick={() => onRewrites(rewrites.filter((r) => r.label !== label))} data-testid="align-undo">
            Undo
          </button>
        </div>
      ))}
    </div>
  );
}
