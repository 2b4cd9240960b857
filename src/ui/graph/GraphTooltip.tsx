/** The graph's hover tooltip box: filled and placed by useCyView (tooltip.ts: text nodes only). */
import type { Ref } from 'react';

export function GraphTooltip({ ref }: { ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} data-testid="graph-tooltip" role="tooltip" style={{
      position: 'absolute', display: 'none', pointerEvents: 'none', background: 'var(--panel, #FFFFFF)', color: 'var(--fg, #222)', border: '1px solid var(--border-strong, #999)', borderRadius: 4,
      padding: '4px 6px', fontSize: 11, maxWidth: 420, boxShadow: '0 2px 6px var(--shadow, rgba(0,0,0,0.2))', zIndex: 5,
    }} />
  );
}
