/** The view's filters, rewrite rules, call and case filters that match nothing (AnalyzeReply.warnings), one line each. */
import { useApp } from './appContext';

export function MappingWarnings() {
  const warnings = useApp((s) => s.warnings);
  if (!warnings.length) return null;
  return (
    <ul className="mapping-warnings muted" data-testid="mapping-warnings">
      {warnings.map((w, i) => (
        <li key={i}>⚠ {w}</li>
      ))}
    </ul>
  );
}
