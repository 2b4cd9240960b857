import { describe, expect, it } from 'vitest';
import { annotationKind, compileMapping, MappingError, mappingRegexes, truncPath } from './mapping';
import { tinyLog, type TinyEvent } from '../testing/tinyLog';
import { DEFAULT_MAPPING, RAW_MAPPING, type MappingSpec } from './types';

const FPS = [
  '/usr/lib/x86_64-linux-gnu/libc.so.6',
  '/etc/passwd',
  '/dev/pts/7',
  'pipe:[7]',
  'socket:[9]',
  'TCP:[1.2.3.4:5->6.7.8.9:10]',
  'anon_inode:[eventfd]',
  '',
  '/scratch/user/ssf/test.0',
  '/scratch/username/x',
  'rel/dir/file.txt',
];

function logOf(calls: string[] = ['read', 'write']) {
  const events: TinyEvent[] = [];
  let t = 0;
  for (const c of calls) for (const fp of FPS) events.push([c, fp, t++, 0.5, 1]);
  return tinyLog([{ file: 'a_h_1.st', events }]);
}

/** Activity of (call, fp) under spec, undefined when unmapped. */
function actsOf(spec: Partial<MappingSpec>, calls?: string[]): Record<string, string | undefined> {
  const log = logOf(calls);
  const m = compileMapping(log, { ...RAW_MAPPING, ...spec });
  const out: Record<string, string | undefined> = {};
  for (let p = 0; p < log.pairCall.length; p++) {
    const a = m.pairAct[p];
    out[`${log.calls[log.pairCall[p]]} ${log.paths[log.pairFp[p]]}`] = a < 0 ? undefined : m.activities[a];
  }
  return out;
}

describe('truncPath / annotationKind', () => {
  it('keeps the first depth components', () => {
    expect(truncPath('/usr/lib/x86_64-linux-gnu/libc.so.6', 1)).toBe('/usr');
    expect(truncPath('/usr/lib/x86_64-linux-gnu/libc.so.6', 2)).toBe('/usr/lib');
    expect(truncPath('/usr/lib/x86_64-linux-gnu/libc.so.6', 3)).toBe('/usr/lib/x86_64-linux-gnu');
    expect(truncPath('/usr/lib/x86_64-linux-gnu/libc.so.6', 0)).toBe('/usr/lib/x86_64-linux-gnu/libc.so.6');
    expect(truncPath('/etc/passwd', 2)).toBe('/etc/passwd');
    expect(truncPath('/dev/pts/7', 2)).toBe('/dev/pts');
    expect(truncPath('//a//b/c/', 2)).toBe('/a/b');
    expect(truncPath('/', 2)).toBe('/');
  });
  it('truncates relative paths by the same rule', () => {
    expect(truncPath('rel/dir/file.txt', 2)).toBe('rel/dir');
    expect(truncPath('rel/dir/file.txt', 1)).toBe('rel');
    expect(truncPath('file.txt', 2)).toBe('file.txt');
  });
  it('cuts KIND:[…] annotations to KIND', () => {
    expect(annotationKind('pipe:[7]')).toBe('pipe');
    expect(annotationKind('TCP:[1.2.3.4:5->6.7.8.9:10]')).toBe('TCP');
    expect(annotationKind('anon_inode:[eventfd]')).toBe('anon_inode');
    expect(annotationKind('UNIX-STREAM:[123]')).toBe('UNIX-STREAM');
    expect(annotationKind('anon_inode:inotify')).toBe('anon_inode');
    expect(annotationKind('/etc/passwd')).toBeNull();
    expect(annotationKind('rel/file')).toBeNull();
  });
});

describe('compileMapping: default f̂', () => {
  it('maps call:trunc(fp) with depth 2, KIND, and no fp → unmapped', () => {
    const a = actsOf({});
    expect(a['read /usr/lib/x86_64-linux-gnu/libc.so.6']).toBe('read:/usr/lib');
    expect(a['read /etc/passwd']).toBe('read:/etc/passwd');
    expect(a['write /dev/pts/7']).toBe('write:/dev/pts');
    expect(a['read pipe:[7]']).toBe('read:pipe');
    expect(a['read socket:[9]']).toBe('read:socket');
    expect(a['write TCP:[1.2.3.4:5->6.7.8.9:10]']).toBe('write:TCP');
    expect(a['read anon_inode:[eventfd]']).toBe('read:anon_inode');
    expect(a['read ']).toBeUndefined();
    expect(a['read rel/dir/file.txt']).toBe('read:rel/dir');
  });
  it('honours depth 1, 3 and 0', () => {
    expect(actsOf({ depth: 1 })['read /usr/lib/x86_64-linux-gnu/libc.so.6']).toBe('read:/usr');
    expect(actsOf({ depth: 3 })['read /usr/lib/x86_64-linux-gnu/libc.so.6']).toBe('read:/usr/lib/x86_64-linux-gnu');
    expect(actsOf({ depth: 0 })['read /usr/lib/x86_64-linux-gnu/libc.so.6']).toBe('read:/usr/lib/x86_64-linux-gnu/libc.so.6');
    expect(actsOf({ depth: 0 })['read pipe:[7]']).toBe('read:pipe');
  });
  it('rejects a bad depth', () => {
    expect(() => actsOf({ depth: -1 })).toThrow(MappingError);
    expect(() => actsOf({ depth: 1.5 })).toThrow(/depth/);
  });
  it('gives each distinct activity one id, shared by the pairs that map to it', () => {
    const log = logOf();
    const m = compileMapping(log, DEFAULT_MAPPING);
    expect(new Set(m.activities).size).toBe(m.activities.length);
    expect(m.pairAct.length).toBe(log.pairCall.length);
    const scratch = ['read /scratch/user/ssf/test.0', 'read /scratch/username/x'].map((k) => actsOf({})[k]);
    expect(scratch).toEqual(['read:/scratch/user', 'read:/scratch/username']);
  });
});

describe('compileMapping: filters', () => {
  it('include/exclude by substring', () => {
    const a = actsOf({ include: [{ kind: 'substring', pattern: '/scratch/' }] });
    expect(Object.entries(a).filter(([, v]) => v !== undefined).map(([k]) => k).sort()).toEqual([
      'read /scratch/user/ssf/test.0',
      'read /scratch/username/x',
      'write /scratch/user/ssf/test.0',
      'write /scratch/username/x',
    ]);
    const b = actsOf({ exclude: [{ kind: 'substring', pattern: 'user' }] });
    expect(b['read /scratch/user/ssf/test.0']).toBeUndefined();
    expect(b['read /etc/passwd']).toBe('read:/etc/passwd');
  });
  it('include/exclude by regex, exclude wins', () => {
    const a = actsOf({ include: [{ kind: 'regex', pattern: '^/(etc|dev)/' }], exclude: [{ kind: 'regex', pattern: 'pts' }] });
    const mapped = Object.entries(a).filter(([, v]) => v !== undefined).map(([k]) => k).sort();
    expect(mapped).toEqual(['read /etc/passwd', 'write /etc/passwd']);
  });
  it('several include filters are a union', () => {
    const a = actsOf({ include: [{ kind: 'substring', pattern: 'passwd' }, { kind: 'regex', pattern: '^pipe' }] });
    expect(Object.values(a).filter((v) => v !== undefined).sort()).toEqual(['read:/etc/passwd', 'read:pipe', 'write:/etc/passwd', 'write:pipe']);
  });
  it('a bad regex is a MappingError naming the filter', () => {
    expect(() => actsOf({ include: [{ kind: 'regex', pattern: '(' }] })).toThrow(/include filter 1.*\/\(\//);
    expect(() => actsOf({ exclude: [{ kind: 'regex', pattern: '[' }] })).toThrow(MappingError);
  });
  it('call include and exclude lists', () => {
    const a = actsOf({ calls: ['read', 'pread64'] }, ['read', 'write', 'pread64']);
    expect(a['read /etc/passwd']).toBe('read:/etc/passwd');
    expect(a['pread64 /etc/passwd']).toBe('pread64:/etc/passwd');
    expect(a['write /etc/passwd']).toBeUndefined();
    const b = actsOf({ excludeCalls: ['write'] });
    expect(b['write /etc/passwd']).toBeUndefined();
    expect(b['read /etc/passwd']).toBe('read:/etc/passwd');
    const c = actsOf({ calls: ['read', 'write'], excludeCalls: ['write'] });
    expect(c['write /dev/pts/7']).toBeUndefined();
  });
});

describe('compileMapping: rewrites', () => {
  it('prefix rule: label + rest, then truncated; only on component boundaries', () => {
    const a = actsOf({ rewrites: [{ kind: 'prefix', pattern: '/scratch/user', label: '$SCRATCH' }] });
    expect(a['read /scratch/user/ssf/test.0']).toBe('read:$SCRATCH/ssf');
    expect(a['read /scratch/username/x']).toBe('read:/scratch/username');
    const b = actsOf({ depth: 3, rewrites: [{ kind: 'prefix', pattern: '/scratch/user/', label: '$SCRATCH' }] });
    expect(b['read /scratch/user/ssf/test.0']).toBe('read:$SCRATCH/ssf/test.0');
  });
  it('regex rule: label with groups, not truncated; first matching rule wins', () => {
    const a = actsOf({
      rewrites: [
        { kind: 'regex', pattern: '^/scratch/(\\w+)/(?<dir>\\w+)/', label: 'S[$1|$<dir>|$$]' },
        { kind: 'prefix', pattern: '/scratch', label: 'never' },
      ],
    });
    expect(a['read /scratch/user/ssf/test.0']).toBe('read:S[user|ssf|$]');
    expect(a['read /scratch/username/x']).toBe('read:never/username');
    expect(a['read /etc/passwd']).toBe('read:/etc/passwd');
  });
  it('rewrites do not touch KIND annotations; a bad rewrite regex is a MappingError', () => {
    expect(actsOf({ rewrites: [{ kind: 'regex', pattern: 'pipe', label: 'X' }] })['read pipe:[7]']).toBe('read:pipe');
    expect(() => actsOf({ rewrites: [{ kind: 'regex', pattern: '*', label: 'X' }] })).toThrow(/rewrite rule 1/);
  });
});

describe('compileMapping: custom function', () => {
  it('gets {call, fp, path}; null leaves the event unmapped', () => {
    const a = actsOf({ custom: "(e) => e.fp === '' ? e.call : e.fp.startsWith('/etc') ? null : e.call.toUpperCase() + '@' + e.path" });
    expect(a['read ']).toBe('read');
    expect(a['read /etc/passwd']).toBeUndefined();
    expect(a['write /dev/pts/7']).toBe('WRITE@/dev/pts');
    expect(a['read pipe:[7]']).toBe('READ@pipe');
  });
  it('runs after the filters and sees rewrites/depth in e.path', () => {
    const a = actsOf({ depth: 1, excludeCalls: ['write'], custom: '(e) => e.path' });
    expect(a['read /usr/lib/x86_64-linux-gnu/libc.so.6']).toBe('/usr');
    expect(a['write /usr/lib/x86_64-linux-gnu/libc.so.6']).toBeUndefined();
  });
  it('is evaluated once per distinct (call, fp) pair, not per event', () => {
    const events: TinyEvent[] = [];
    for (let i = 0; i < 1000; i++) events.push([i % 2 ? 'read' : 'write', `/f/${i % 3}`, i, 0, NaN]);
    const log = tinyLog([{ file: 'x.st', events }]);
    (globalThis as { __calls?: number }).__calls = 0;
    compileMapping(log, { ...DEFAULT_MAPPING, custom: '(e) => { globalThis.__calls++; return e.call; }' });
    expect((globalThis as { __calls?: number }).__calls).toBe(6);
  });
  it('a throw, a number, undefined or a syntax error is a MappingError naming the pair', () => {
    let err: unknown;
    try {
      actsOf({ custom: "(e) => { if (e.fp === '/etc/passwd') throw new Error('boom'); return 'x'; }" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MappingError);
    expect((err as MappingError).message).toMatch(/threw for \(read, "\/etc\/passwd"\): boom/);
    expect((err as MappingError).call).toBe('read');
    expect((err as MappingError).fp).toBe('/etc/passwd');
    expect(() => actsOf({ custom: '(e) => e.fp.length' })).toThrow(/returned number for \(read, "\/usr\/lib/);
    expect(() => actsOf({ custom: '(e) => { e.call; }' })).toThrow(/returned undefined/);
    expect(() => actsOf({ custom: '(e) => ' })).toThrow(/does not compile/);
    expect(() => actsOf({ custom: '42' })).toThrow(/must be a function/);
    expect(() => actsOf({ custom: "() => '●'" })).toThrow(/reserved/);
  });
});

describe('hidden characters in paths', () => {
  it('bidi overrides, zero-width and control characters are written visibly in activities (labels, tables, hover, exports)', () => {
    const log = tinyLog([{ file: 'a_h_1.st', events: [['open', '/tmp/\u202egpj.exe', 0, 0.5, 1], ['open', '/tmp/a\u200bb', 1, 0.5, 1], ['open', '/tmp/x\u0000y', 2, 0.5, 1], ['open', '/tmp/plain é', 3, 0.5, 1]] }]);
    const m = compileMapping(log, { ...RAW_MAPPING, depth: 0 });
    expect(m.activities).toEqual(['open:/tmp/\\u202egpj.exe', 'open:/tmp/a\\u200bb', 'open:/tmp/x\\u0000y', 'open:/tmp/plain é']);
    // a custom function's names too
    const c = compileMapping(log, { ...RAW_MAPPING, custom: "(e) => 'x\\u2066' + e.call" });
    expect(c.activities).toEqual(['x\\u2066open']);
  });

  it('a mapping sends heartbeats while it runs and names its regular expressions', () => {
    const ticks: number[] = [];
    const log = logOf();
    compileMapping(log, { ...RAW_MAPPING, include: [{ kind: 'regex', pattern: '^/' }] }, { tick: (d) => ticks.push(d) });
    expect(ticks.length).toBeGreaterThan(0);
    expect(mappingRegexes({ ...RAW_MAPPING, include: [{ kind: 'regex', pattern: '^/' }], exclude: [{ kind: 'substring', pattern: 'x' }], rewrites: [{ kind: 'regex', pattern: '(a)', label: '$1' }] })).toEqual(['/^//', '/(a)/']);
  });
});
