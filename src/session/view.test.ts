import { describe, expect, it } from 'vitest';
import { analysisKey, analysisView, analyzeParams, DEFAULT_VIEW, formatView, idsSelector, keysOf, parseHash, parseIdList, parseSelection, parseView, plan, readView, selectionText, toHash, VIEW_KEYS, ViewError, type Selection, type View } from './view';
import { DEFAULT_THRESHOLDS } from '../analysis/insights/thresholds';

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

  it('writes the metric with a partition, so that the link reopens with the metric fill and partition rings', () => {
    const v = { ...parseHash('').view, green: 'cid:a', red: 'cid:b' };
    expect(toHash(v)).toContain('metric=rd');
    expect(parseHash(toHash(v)).view.colorMode).toEqual({ kind: 'metric', metric: 'rd' });
    expect(toHash(parseHash('').view)).toBe('');
  });

  it('reads unassigned=hide (anything else shows them) and writes it only when set', () => {
    expect(parseHash('green=cid:a&unassigned=hide').view.hideUnassigned).toBe(true);
    expect(parseHash('green=cid:a&unassigned=show').view.hideUnassigned).toBe(false);
    expect(toHash({ ...parseHash('green=cid:a').view, hideUnassigned: true })).toContain('unassigned=hide');
    expect(toHash(parseHash('green=cid:a').view)).not.toContain('unassigned');
  });

  it('keeps a custom mapping apart (it must be confirmed) and out of the mapping', () => {
    const { view, custom } = parseHash(`#custom=${encodeURIComponent('(e) => e.call')}`);
    expect(custom).toBe('(e) => e.call');
    expect(view.mapping.custom).toBeNull();
  });

  it('reads and writes the difference colouring', () => {
    const { view } = parseHash('#green=cid:ssf&red=cid:fpp&color=diff-time');
    expect(view.colorMode).toEqual({ kind: 'difference', metric: 'time' });
    expect(toHash(view)).toMatch(/(^|&)color=diff-time(&|$)/);
    expect(parseHash(`#${toHash(view)}`).view.colorMode).toEqual({ kind: 'difference', metric: 'time' });
    expect(parseHash('#color=diff-junk').view.colorMode).toEqual({ kind: 'metric', metric: 'rd' });
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

describe('the view text form', () => {
  const full: View = {
    mapping: {
      depth: 0,
      include: [{ kind: 'substring', pattern: '/scratch dir' }, { kind: 'regex', pattern: '^/gpfs/(a|b)&c' }],
      exclude: [{ kind: 'substring', pattern: '/proc' }],
      calls: ['read', 'write'],
      excludeCalls: ['close'],
      rewrites: [{ kind: 'regex', pattern: '^/scratch/([^/]+)', label: '$SCRATCH/$1' }, { kind: 'prefix', pattern: '/home/u', label: '~' }],
      custom: "(e) => e.call + '#' + (e.fp ?? '')",
      system: 'collapse',
      pids: 'raw',
      layer: true,
      layerRules: ['mylib bin=^libmylib\\.so sym=^my_', 'fcoll bin=^mca_fcoll_'],
    },
    green: 'ids:a\\,1_h_1,b_h_2',
    red: 'host:n1',
    hideUnassigned: true,
    caseFilters: [{ keep: 'with', activity: 'read:/etc/passwd' }, { keep: 'without', activity: 'write:a&b=c' }, { keep: 'cases', ids: ['a,1_h_1', 'b_h_2#2', 'c\\d'] }],
    activities: 20,
    paths: 5,
    rankBy: 'rd',
    colorMode: { kind: 'metric', metric: 'bytes' },
    edgeLabel: 'gap',
    direction: 'TB',
    splitByPid: true,
    singleThread: true,
    thresholds: { small_requests: 0.2, alignment: 4194304 },
    time: { from: 0.25, to: null },
    selection: { kind: 'edge', source: 'read:/a b&c', target: '■' },
    groupBy: 'layer',
  };

  it('round-trips every key, with the version first', () => {
    const text = formatView(full);
    expect(text.startsWith('v=1&')).toBe(true);
    expect(parseView(text)).toEqual(full);
    expect(parseView(`#${text}`)).toEqual(full);
    expect(parseView(`https://example.org/app/?x=1#${text}`)).toEqual(full);
    expect(formatView(parseView(text))).toBe(text);
  });

  it('reads what URLSearchParams writes, and URLSearchParams reads what it writes', () => {
    const text = formatView(full);
    const q = new URLSearchParams(text);
    expect(q.get('green')).toBe(full.green);
    expect(q.getAll('keep')).toEqual(['with:read:/etc/passwd', 'without:write:a&b=c', 'cases:a\\,1_h_1,b_h_2#2,c\\\\d']);
    expect(q.get('custom')).toBe(full.mapping.custom);
    const written = new URLSearchParams([['filter', '/a b+c'], ['depth', '4'], ['keep', 'with:x=y&z']]).toString();
    const v = parseView(written);
    expect(v.mapping.include).toEqual([{ kind: 'substring', pattern: '/a b+c' }]);
    expect(v.mapping.depth).toBe(4);
    expect(v.caseFilters).toEqual([{ keep: 'with', activity: 'x=y&z' }]);
  });

  it('ignores unknown keys, lets the last single value win, adds list values, and refuses an unknown version', () => {
    const v = parseView('depth=3&zoom=2&depth=4&filter=/a&filter=/b&v=1');
    expect(v.mapping.depth).toBe(4);
    expect(v.mapping.include.map((f) => f.pattern)).toEqual(['/a', '/b']);
    expect(() => parseView('v=2&depth=3')).toThrow(/view version v=2/);
    expect(parseHash('#v=2&depth=3').view).toEqual(DEFAULT_VIEW);
  });

  it('escapes commas in the case ids of an ids: selector', () => {
    const ids = ['run,1_node1_1', 'back\\slash_n_2', 'plain_n_3'];
    const sel = idsSelector(ids);
    expect(sel).toBe('ids:run\\,1_node1_1,back\\\\slash_n_2,plain_n_3');
    expect(parseIdList(sel.slice(4))).toEqual(ids);
    expect(parseView(formatView({ ...DEFAULT_VIEW, green: sel })).green).toBe(sel);
    expect(idsSelector([])).toBe('');
  });

  it('gives the Session its parameters', () => {
    expect(analyzeParams(full)).toEqual({ mapping: full.mapping, partition: { green: full.green, red: full.red, hideUnassigned: true }, caseFilters: full.caseFilters, time: { from: 0.25, to: null } });
    expect(analyzeParams(DEFAULT_VIEW).partition).toBeNull();
    expect(analyzeParams(DEFAULT_VIEW).time).toBeNull();
    expect(parseView("time=..2.5").time).toEqual({ from: null, to: 2.5 });
    expect(parseView("time=junk").time).toBeNull();
  });
});

describe('the selection in the view (sel=)', () => {
  const awkward = ['read:/scratch dir/a&b=c#d%e', 'write:/données/日本語 🚀', 'openat:/a -> b', 'x\\', 'x>', ' -> ', 'a -', '- >', '\\>', '●', '■', '+', ' lead', 'trail '];
  const viaLink = (sel: Selection): Selection | null => parseHash(`#${toHash({ ...DEFAULT_VIEW, selection: sel })}`).view.selection;

  it('round-trips a node and an edge of any names through the link', () => {
    for (const id of awkward) expect(viaLink({ kind: 'node', id })).toEqual({ kind: 'node', id });
    for (const source of awkward)
      for (const target of awkward) expect(viaLink({ kind: 'edge', source, target })).toEqual({ kind: 'edge', source, target });
  });

  it('writes plain names as they are, an edge as A -> B, and nothing without a selection', () => {
    expect(selectionText({ kind: 'node', id: 'read:/etc/passwd' })).toBe('read:/etc/passwd');
    expect(selectionText({ kind: 'edge', source: '●', target: 'read:/etc' })).toBe('● -> read:/etc');
    expect(selectionText({ kind: 'edge', source: 'a->b', target: 'c\\d' })).toBe('a-\\>b -> c\\\\d');
    expect(toHash({ ...DEFAULT_VIEW, selection: { kind: 'node', id: 'read:/a b' } })).toBe('v=1&sel=read:/a+b');
    expect(toHash(DEFAULT_VIEW)).not.toContain('sel');
    expect(new URLSearchParams(toHash({ ...DEFAULT_VIEW, selection: { kind: 'node', id: 'a&b=c#d%e' } })).get('sel')).toBe('a&b=c#d%e');
  });

  it('reads hand-written text, and selects nothing for junk', () => {
    expect(parseSelection('a>b')).toEqual({ kind: 'node', id: 'a>b' });
    expect(parseSelection('a -> b -> c')).toBeNull();
    expect(parseSelection('')).toBeNull();
    expect(parseSelection(' -> b')).toBeNull();
    expect(parseView('sel=').selection).toBeNull();
    expect(parseView('sel=a&sel=b').selection).toEqual({ kind: 'node', id: 'b' });
  });

  it('is a display key: the analysis JSON view leaves it out', () => {
    const v = parseView('depth=3&sel=read:/a');
    expect(analysisView(analyzeParams(v), false, DEFAULT_THRESHOLDS)).toBe('v=1&depth=3');
  });
});

describe('system files and per-process paths in the view', () => {
  it('reads system=, pids= and raw, writes only what differs from auto / normalise', () => {
    expect(parseHash('').view.mapping).toMatchObject({ system: 'auto', pids: 'normalise' });
    expect(parseHash('system=collapse&pids=raw').view.mapping).toMatchObject({ system: 'collapse', pids: 'raw' });
    expect(parseHash('raw').view.mapping).toMatchObject({ system: 'show', pids: 'raw' });
    expect(parseHash('raw=1').view.mapping).toMatchObject({ system: 'show', pids: 'raw' });
    expect(parseHash('system=bogus').view.mapping.system).toBe('auto');
    expect(toHash(parseHash('system=hide').view)).toContain('system=hide');
    expect(toHash(parseHash('raw').view)).toContain('raw=1');
    expect(toHash(parseHash('raw').view)).not.toContain('system=');
    expect(parseHash(toHash(parseHash('pids=raw').view)).view.mapping).toMatchObject({ system: 'auto', pids: 'raw' });
  });
});

describe('strict and lenient reading, and the plan of a view', () => {
  it('a link skips what it cannot read and names it; the strict reading refuses it in one line', () => {
    const { view, ignored } = parseHash('#depth=100&dir=TB&frobnicate=1&keep=maybe&thresholds={"nope":1}');
    expect(view.mapping.depth).toBe(2);
    expect(view.direction).toBe('TB');
    expect(view.caseFilters).toEqual([]);
    expect(view.thresholds).toEqual({});
    expect(ignored.map((i) => i.key)).toEqual(['depth', 'frobnicate', 'keep', 'thresholds']);
    expect(ignored[0].why).toBe("depth expects an integer from 0 to 99 (0 = the whole path), got '100'");
    expect(ignored[1].why).toBe("unknown key 'frobnicate'");
    expect(ignored[3].why).toMatch(/^thresholds: unknown threshold 'nope'/);
    expect(() => readView('depth=100', 'strict')).toThrow(ViewError);
    expect(() => readView('frobnicate=1', 'strict')).toThrow(/unknown key 'frobnicate' \(known: v, depth, /);
    expect(readView('depth=32&dir=TB', 'strict').ignored).toEqual([]);
  });

  it('plan(view) splits it into what loads, what is analysed (thresholds included) and what is only displayed', () => {
    const v = parseView('#depth=3&split=pid&threads=1&green=cid:a&red=cid:b&thresholds={"seek_pairs":9}&time=1..2&dir=TB&activities=7&sel=read:/x');
    const p = plan(v);
    expect(p.load).toEqual({ splitByPid: true, singleThread: true });
    expect(p.analyze).toEqual({ ...analyzeParams(v), thresholds: { seek_pairs: 9 } });
    expect(p.display).toMatchObject({ direction: 'TB', activities: 7, selection: { kind: 'node', id: 'read:/x' } });
    // every key is in exactly one part: a display key never changes the analysis' key
    const shown = plan(parseView('#depth=3&green=cid:a&red=cid:b&dir=LR&metric=bytes&label=gap&rank=rd&paths=3'));
    expect(analysisKey(shown.analyze)).toBe(analysisKey(plan(parseView('#depth=3&green=cid:a&red=cid:b')).analyze));
    expect(analysisKey(p.analyze, ['time'])).not.toContain('"time"');
    expect([...keysOf('load'), ...keysOf('analyze'), ...keysOf('display')].sort()).toEqual(VIEW_KEYS.filter((k) => k !== 'v').sort());
  });
});
