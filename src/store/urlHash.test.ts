import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, parseHash, toHash } from './urlHash';

describe('URL hash settings', () => {
  it('reads the documented keys', () => {
    const { view, custom } = parseHash('#depth=3&filter=/scratch&filter=re:^/gpfs&exclude=/proc&calls=read,write&green=cid:a&red=host:n1&metric=bytes&label=gap&dir=TB');
    expect(view.mapping.depth).toBe(3);
    expect(view.mapping.include).toEqual([
      { kind: 'substring', pattern: '/scratch' },
      { kind: 'regex', pattern: '^/gpfs' },
    ]);
    expect(view.mapping.exclude).toEqual([{ kind: 'substring', pattern: '/proc' }]);
    expect(view.mapping.calls).toEqual(['read', 'write']);
    expect(view.green).toBe('cid:a');
    expect(view.red).toBe('host:n1');
    expect(view.colorMode).toEqual({ kind: 'metric', metric: 'bytes' });
    expect(view.edgeLabel).toBe('gap');
    expect(view.direction).toBe('TB');
    expect(custom).toBeNull();
  });

  it('shows partition colours for a link with a partition and no metric', () => {
    expect(parseHash('#green=cid:a&red=cid:b').view.colorMode).toEqual({ kind: 'partition' });
    expect(parseHash('#green=cid:a&metric=rd').view.colorMode).toEqual({ kind: 'metric', metric: 'rd' });
  });

  it('keeps a custom mapping apart (it must be confirmed) and out of the mapping', () => {
    const { view, custom } = parseHash(`#custom=${encodeURIComponent('(e) => e.call')}`);
    expect(custom).toBe('(e) => e.call');
    expect(view.mapping.custom).toBeNull();
  });

  it('ignores junk values', () => {
    const { view } = parseHash('#depth=abc&metric=evil&dir=XY&label=<img>');
    expect(view.mapping.depth).toBe(2);
    expect(view.colorMode).toEqual({ kind: 'metric', metric: 'rd' });
    expect(view.direction).toBe('LR');
    expect(view.edgeLabel).toBe('count');
  });

  it('round-trips a view and writes only what differs from the defaults', () => {
    expect(toHash(DEFAULT_VIEW)).toBe('');
    const v = {
      ...DEFAULT_VIEW,
      mapping: {
        ...DEFAULT_VIEW.mapping,
        depth: 1,
        include: [{ kind: 'substring' as const, pattern: '/scratch' }],
        rewrites: [{ kind: 'prefix' as const, pattern: '/scratch/u', label: '$SCRATCH' }],
        excludeCalls: ['close'],
      },
      green: 'ids:a_h_1,a_h_2',
      red: 're:^b_',
      colorMode: { kind: 'metric' as const, metric: 'DR' as const },
      splitByPid: true,
    };
    const h = toHash(v);
    expect(h).toContain('depth=1');
    expect(h).toContain('filter=/scratch');
    expect(h).toContain('green=ids:a_h_1,a_h_2');
    const back = parseHash(h).view;
    expect(back).toEqual(v);
  });
});
