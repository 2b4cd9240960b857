import { describe, expect, it } from 'vitest';
import { usesImport } from './customCode';

describe('usesImport: the friendly first check finds dynamic import wherever it could run', () => {
  it('finds import( in code, also behind comments and white space', () => {
    for (const src of [
      "(e) => import('http://example.invalid/x.js') && e.call",
      '(e) => { import ("http://x/"); return e.call }',
      '(e) => { import/**/("http://x/"); return e.call }',
      '(e) => { import // c\n("http://x/"); return e.call }',
      "import('x')",
    ]) expect(usesImport(src), src).toBe(true);
  });

  it('finds it behind HTML-like comments, which the Function constructor accepts (were let through)', () => {
    expect(usesImport('(e) => { import<!-- x\n("http://x/"); return e.call }')).toBe(true);
    expect(usesImport('(e) => { import\n--> x\n("http://x/"); return e.call }')).toBe(true);
    expect(usesImport('(e) => { import <!-- a\n<!-- b\n ("http://x/"); return e.call }')).toBe(true);
  });

  it('finds it inside a template substitution and after a regex literal holding a quote', () => {
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
