/**
 * The docs cite only what exists: every relative link of README.md and docs/*.md (file, and #anchor as a
 * heading of that file), every repository path they name (src/…, tools/…, e2e/…, docs/…, public/…), and
 * every `FILE.md "Section"` they point to.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** A doc's headings (their anchors), and its sections: the headings and the bold labels that open a
 * paragraph (`**Offsets** (…)`, `**gzip.**`). */
function headings(file: string): { sections: string[]; anchors: Set<string> } {
  const lines = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').split('\n');
  const text = lines.filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, '').trim());
  const labels = lines.flatMap((l) => /^\*\*([^*]+?)\.?\*\*/.exec(l)?.[1] ?? []);
  return { sections: [...text, ...labels], anchors: new Set(text.map(slug)) };
}

/** The prose of a doc with its fenced code blocks blanked (command lines there name files to be made). */
const prose = (doc: string): string => readFileSync(join(ROOT, doc), 'utf8').replace(/^```[\s\S]*?^```/gm, '');

describe('the docs cite only what exists', () => {
  it('finds the docs', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/GUIDE.md', 'docs/METHOD.md', 'docs/FORMATS.md', 'docs/ARCHITECTURE.md', 'docs/BENCHMARKS.md']));
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('Drill down: timelines, edges, variants')).toBe('drill-down-timelines-edges-variants');
    expect(slug('Record → drop → read')).toBe('record--drop--read');
    expect(slug('The native layout (version 1)')).toBe('the-native-layout-version-1');
  });

  for (const doc of DOCS) {
    it(`${doc}: relative links lead to files, and anchors to headings`, () => {
      const bad: string[] = [];
      const text = readFileSync(join(ROOT, doc), 'utf8');
      for (const m of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        const [file, anchor] = target.split('#');
        const path = file ? resolve(dirname(join(ROOT, doc)), file) : join(ROOT, doc);
        if (!existsSync(path)) bad.push(`${target}: no such file`);
        else if (anchor && path.endsWith('.md') && !headings(path).anchors.has(anchor)) bad.push(`${target}: no such heading in ${relative(ROOT, path)}`);
      }
      expect(bad).toEqual([]);
    });

    it(`${doc}: the repository paths it names exist`, () => {
      const bad: string[] = [];
      for (const m of prose(doc).matchAll(/(?<![\w./~$-])((?:src|tools|e2e|docs|public|\.ci)\/[\w./@-]*)/g)) {
        const p = m[1].replace(/[.,:;]+$/, '');
        const rest = prose(doc).slice((m.index ?? 0) + m[1].length, (m.index ?? 0) + m[1].length + 1);
        if (/[*{<…]/.test(rest)) continue; // a pattern: src/…/__fixtures__/*.st, {cid}_…
        if (!existsSync(join(ROOT, p))) bad.push(p);
      }
      expect(bad).toEqual([]);
    });

    it(`${doc}: every FILE.md "Section" it points to is a heading of that file`, () => {
      const bad: string[] = [];
      for (const m of prose(doc).matchAll(/\b((?:docs\/)?(?:[A-Z]+)\.md)\)? "([^"]+)"/g)) {
        const name = m[2].replace(/\s+/g, ' ');
        const file = join(ROOT, 'docs', m[1].replace(/^docs\//, ''));
        if (!existsSync(file)) {
          bad.push(`${m[1]}: no such doc`);
          continue;
        }
        const hs = headings(file).sections;
        if (!hs.some((h) => h === name || h.startsWith(`${name} (`) || h.startsWith(`${name}:`))) bad.push(`${m[1]} "${name}"`);
      }
      expect(bad).toEqual([]);
    });
  }
});
