/** Where the text of the elements was wrapped inside a word (a letter or digit on both sides of the line
 * break), as "…before|after…" excerpts: long paths wrap at their `/`, names at their `-` or `_`. */
import type { Locator } from '@playwright/test';

export function midWordBreaks(loc: Locator): Promise<string[]> {
  return loc.evaluateAll((els) => {
    const out: string[] = [];
    const word = /[\p{L}\p{N}]/u;
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const t = n.textContent ?? '';
        let prevTop = NaN;
        for (let i = 0; i < t.length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const box = r.getClientRects()[0];
          if (!box || box.width === 0) {
            prevTop = NaN;
            continue;
          }
          if (box.top > prevTop + 2 && word.test(t[i - 1]) && word.test(t[i])) out.push(`${t.slice(Math.max(0, i - 12), i)}|${t.slice(i, i + 12)}`);
          prevTop = box.top;
        }
      }
    }
    return out;
  });
}

/** Where a line of the elements' text begins right after a command-line option's hyphen ("… -|o /projects"). */
export function optionBreaks(loc: Locator): Promise<string[]> {
  return loc.evaluateAll((els) => {
    const out: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const chars: [string, number][] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const t = n.textContent ?? '';
        for (let i = 0; i < t.length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const box = r.getClientRects()[0];
          chars.push([t[i], box && box.width > 0 ? box.top : NaN]);
        }
      }
      for (let i = 1; i < chars.length; i++) {
        const starts = i < 2 || /\s/.test(chars[i - 2][0]);
        if (chars[i - 1][0] === '-' && starts && chars[i][1] > chars[i - 1][1] + 2) out.push(chars.slice(Math.max(0, i - 12), i + 12).map((c) => c[0]).join(''));
      }
    }
    return out;
  });
}
