/** What the specs check of the app's durations: three significant digits, as formatSeconds writes them. */
import type { Locator } from '@playwright/test';

/** Durations written with more than three significant digits ("191.00 ms", "12.34 s"; whole seconds from 100 s are fine);
 * what `skip` matches (a time since t0, "at 25.084 s") left out. */
export async function overPrecise(loc: Locator, skip?: RegExp): Promise<string[]> {
  const texts = await loc.allInnerTexts();
  const out: string[] = [];
  for (const t0 of texts) {
    const t = skip ? t0.replace(new RegExp(skip.source, 'g'), '') : t0;
    for (const m of t.matchAll(/(\d+(?:\.\d+)?) (s|ms|µs|ns)\b/g)) {
      const digits = m[1].replace('.', '').replace(/^0+/, '').length;
      if (digits > 3 && !(m[2] === 's' && !m[1].includes('.'))) out.push(m[0]);
    }
  }
  return out;
}
