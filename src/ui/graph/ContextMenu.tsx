/** The node's context menu: keep only the cases with this activity, or without it (plain React text only). */

export function NodeContextMenu({ menu, onKeep }: { menu: { id: string; x: number; y: number }; onKeep(keep: 'with' | 'without'): void }) {
  return (
    <div data-testid="graph-context-menu" role="menu" style={{
      position: 'absolute', left: menu.x, top: menu.y, background: 'var(--panel, #FFFFFF)', color: 'var(--fg, #222)', border: '1px solid var(--border-strong, #999)',
      borderRadius: 4, zIndex: 6, display: 'flex', flexDirection: 'column', fontSize: 12, boxShadow: '0 2px 6px var(--shadow, rgba(0,0,0,0.25))',
    }}>
      <div style={{ padding: '3px 8px', color: 'var(--muted, #555)', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{menu.id}</div>
      {(['with', 'without'] as const).map((k) => (
        <button key={k} role="menuitem" data-testid={`graph-keep-${k}`} style={{ textAlign: 'left', padding: '4px 8px', border: 'none', background: 'none', cursor: 'pointer', font: 'inherit', color: 'inherit' }}
          onClick={() => onKeep(k)}>
          {k === 'with' ? 'Keep only cases with this activity' : 'Keep only cases without this activity'}
        </button>
      ))}
    </div>
  );
}
