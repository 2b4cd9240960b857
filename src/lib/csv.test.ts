import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes commas, quotes and newlines, writes numbers exactly and missing values empty', () => {
    expect(csvCell('read:/a,"b"')).toBe('"read:/a,""b"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });
  it('defuses text a spreadsheet would run as a formula, also after leading blanks', () => {
    for (const f of ['=1+2', '+1', '-1', '@SUM(A1)', ' =1', '\t=1', '  @x', '\tx', '\rx']) expect(csvCell(f).replace(/^"/, '').startsWith("'")).toBe(true);
    for (const ok of ['read:/usr/lib', 'a=b', ' x', 'x-1']) expect(csvCell(ok)).toBe(ok);
  });
});

describe('toCsv', () => {
  it('writes a header and one line per row', () => {
    expect(toCsv(['a', 'b'], [[1, 'x'], [null, '=y']])).toBe("a,b\n1,x\n,'=y\n");
  });
});
