import { describe, expect, test } from 'vitest';
import { filterSites, nextSitesSort, siteCell, siteTitle, sortSites, topList } from './sitesModel';
import { cProgram, cReport } from './testData';

describe('the Call sites table of the C program (strace -k, the CLI JSON of c/c_all.st)', () => {
  const { report } = cReport();
  const prog = cProgram();
  const own = (f: string) => prog.find((p) => p[0] === f)!;

  test('each writing function of the program is a call site with its own bytes, layer and file', () => {
    // write_direct: 12 write(2) of its own (app); thread_direct: 40 pwrite(2) (app); write_stdio: stdio's
    for (const [fn, layer] of [['write_direct', 'app'], ['thread_direct', 'app'], ['write_stdio', 'stdio']] as const) {
      const [, file, , bytes] = own(fn);
      const rows = filterSites(report.sites, `${fn} (`).filter((r) => r.files[`/tmp/layers-fx/c/${file}`]);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.flatMap((r) => Object.keys(r.layers)))).toEqual(new Set([layer]));
      // the bytes its calls wrote (write_stdio's sites also hold fopen/fclose: no bytes)
      expect(rows.reduce((a, r) => a + r.bytes, 0)).toBe(bytes);
    }
    const direct = filterSites(report.sites, 'write_direct')[0];
    expect(siteCell(direct, 'calls')).toBe(String(own('write_direct')[2]));
    expect(siteCell(direct, 'layers')).toBe(`app (${own('write_direct')[2]})`);
    expect(siteCell(direct, 'files')).toBe(`/tmp/layers-fx/c/direct.dat (${own('write_direct')[2]})`);
  });

  test('the filter matches a site, a layer, a file or an entry', () => {
    const stdio = filterSites(report.sites, 'STDIO');
    expect(stdio.length).toBeGreaterThan(0);
    expect(stdio.every((r) => r.site.toLowerCase().includes('stdio') || 'stdio' in r.layers || Object.keys(r.files).some((f) => f.includes('stdio')))).toBe(true);
    expect(filterSites(report.sites, '_IO_fwrite').every((r) => '_IO_fwrite' in r.entries)).toBe(true);
    // thread.dat: thread_direct's open, pwrites, fsyncs and close (4 places in the function)
    expect(filterSites(report.sites, 'thread.dat').every((r) => r.site.startsWith('thread_direct '))).toBe(true);
    expect(filterSites(report.sites, 'no such thing')).toEqual([]);
    expect(filterSites(report.sites, '  ').length).toBe(report.sites.length);
  });

  test('sorting: by calls (the CLI order), bytes, time and by text; a second click reverses', () => {
    expect(sortSites(report.sites, { column: 'calls', dir: 'desc' }).map((r) => r.calls)).toEqual(report.sites.map((r) => r.calls));
    const bytes = sortSites(report.sites, { column: 'bytes', dir: 'desc' }).map((r) => r.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    const names = sortSites(report.sites, { column: 'site', dir: 'asc' }).map((r) => r.site);
    expect(names).toEqual([...names].sort());
    expect(nextSitesSort({ column: 'calls', dir: 'desc' }, 'calls')).toEqual({ column: 'calls', dir: 'asc' });
    expect(nextSitesSort({ column: 'calls', dir: 'desc' }, 'time')).toEqual({ column: 'time', dir: 'desc' });
    expect(nextSitesSort({ column: 'calls', dir: 'desc' }, 'layers')).toEqual({ column: 'layers', dir: 'asc' });
  });

  test('lists: the first few by count, every one in the title', () => {
    expect(topList({ a: 1, b: 3, c: 2, d: 2 }, 2)).toBe('b (3), c (2) +2');
    expect(topList({ a: 1, b: 3, c: 2, d: 2 }, Infinity)).toBe('b (3), c (2), d (2), a (1)');
    const many = report.sites.find((r) => Object.keys(r.files).length > 2);
    if (many) expect(siteTitle(many, 'files').split(', ').length).toBe(Object.keys(many.files).length);
  });
});
