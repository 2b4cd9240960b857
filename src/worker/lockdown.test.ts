import { afterEach, describe, expect, it, vi } from 'vitest';
import { noCtx } from '../session/types';
import { usesImport } from './lockdown';
import { workerSandbox } from './sandbox';

describe('usesImport: dynamic import is refused wherever it could run', () => {
  it('finds import( in code, also behind comments and white space', () => {
    for (const src of [
      "(e) => import('http://example.invalid/x.js') && e.call",
      '(e) => { import ("http://x/"); return e.call }',
      '(e) => { import/**/("http://x/"); return e.call }',
      '(e) => { import // c\n("http://x/"); return e.call }',
      "import('x')",
    ]) expect(usesImport(src), src).toBe(true);
  });

  it('finds it inside a template substitution and after a regex literal holding a quote (were let through)', () => {
    expect(usesImport("(e)=>{`${import('http://x/')}`;return e.call}")).toBe(true);
    expect(usesImport("(e)=>{ /'/.test(e.path); import('http://x/'); return e.call }")).toBe(true);
    expect(usesImport("(e)=>{ '/*'; import('http://x/'); '*/'; return e.call }")).toBe(true);
  });

  it('lets ordinary mappings through, also ones naming import as a word or a property', () => {
    for (const src of [
      "(e) => e.call + ':' + e.path",
      "(e) => e.path.includes('/importlib/') ? 'py:' + e.call : null",
      '(e) => e.importance',
      '(e) => { const imported = e.path; return imported }',
      '(e) => x.import(e)',
    ]) expect(usesImport(src), src).toBe(false);
  });
});

describe('the sandbox time budget', () => {
  afterEach(() => void vi.useRealTimers());

  it('a mapping that never answers is stopped with a mapping error and its worker terminated', async () => {
    vi.useFakeTimers();
    const terminate = vi.fn();
    const posted: unknown[] = [];
    const fake = { terminate, postMessage: (m: unknown) => posted.push(m), onmessage: null, onerror: null };
    const sandbox = workerSandbox(() => fake as unknown as Worker, 1000);
    const answer = sandbox(noCtx(), '(e) => { while (true); }', [{ call: 'read', fp: '/a', path: '/a' } as never]);
    expect(posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1001);
    await expect(answer).resolves.toEqual({ index: -1, error: expect.stringMatching(/^custom mapping stopped: it ran for more than 1 s on 1 \(call, file\) pairs/) });
    expect(terminate).toHaveBeenCalled();
  });
});
