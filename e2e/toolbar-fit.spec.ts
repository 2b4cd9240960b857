/**
 * The header's toolbar at the three sizes, light and dark: the Colour select's chosen text is whole whatever is
 * chosen (at 1024×700 it read "partition (green/re", "rd (relative durat": `max-width: 130px`), and every control
 * of the header is on the row, inside the window, none over another. The tabs below the graph fit their row at
 * 1024×700 too (it was 146 px over with IOR's 16 ranks: Flame graph cut, Compare and ▾ fold out of sight).
 */
import { expect, test, type Page } from '@playwright/test';
import { AppPage, atSizes } from './app';
import { loadMpi } from './mpiFixtures';

/** Chromium's drop-down arrow beside a select's text (px). */
const ARROW = 20;

/** The chosen option's text width in the select's font, and the select's inner width. */
function chosen(page: Page): Promise<{ text: string; textW: number; boxW: number }> {
  return page.getByTestId('color-mode').evaluate((el) => {
    const sel = el as HTMLSelectElement;
    const cs = getComputedStyle(sel);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = cs.font;
    const text = sel.selectedOptions[0].textContent ?? '';
    return { text, textW: ctx.measureText(text).width, boxW: sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
  });
}

/** The header's controls left to right: [what, left, right]; those outside the window or over the next one. */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    const items = [...header.querySelectorAll(':scope > h1, :scope > button, :scope > .menu, .toolbar > label, .toolbar > details, .toolbar > .menu')]
      .map((e) => [(e.textContent ?? '').trim().slice(0, 16), e.getBoundingClientRect()] as const)
      .sort((a, b) => a[1].left - b[1].left);
    const out: string[] = [];
    if (header.scrollWidth > header.clientWidth + 1) out.push(`header overflows: ${header.scrollWidth} > ${header.clientWidth}`);
    items.forEach(([t, r], i) => {
      if (r.width === 0 || r.right > innerWidth) out.push(`${t}: ${Math.round(r.left)}–${Math.round(r.right)} of ${innerWidth}`);
      const next = items[i + 1];
      if (next && next[1].left < r.right - 0.5) out.push(`${t} under ${next[0]}: ${Math.round(r.right)} > ${Math.round(next[1].left)}`);
    });
    return out;
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the toolbar: the Colour select's chosen text whole, every control on the row (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await atSizes(page, async (w, h) => {
      const app = new AppPage(page);
      await app.open();
      await app.loadExample();
      const values = await page.getByTestId('color-mode').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(values.length).toBeGreaterThanOrEqual(16);
      const cut: string[] = [];
      for (const v of values) {
        await page.getByTestId('color-mode').selectOption(v);
        await app.waitIdle();
        const c = await chosen(page);
        if (c.textW + ARROW > c.boxW + 0.5) cut.push(`${c.text}: ${Math.round(c.textW)} + ${ARROW} > ${c.boxW}`);
        expect(await headerProblems(page), `with ${v} at ${w}×${h}`).toEqual([]);
        if (v === 'partition') await app.shot(`toolbar-fit-${w}x${h}-${scheme}`, 'header');
      }
      expect(cut, `${w}×${h}`).toEqual([]);
      // the word Direction: on the row from 1280 px; at a laptop's width for screen readers (the options name it)
      await expect(page.getByRole('combobox', { name: 'Direction' })).toBeVisible();
    });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the tabs below the graph fit their row at 1024×700 (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1024, height: 700 });
    const app = new AppPage(page);
    await app.open();
    const row = page.locator('[data-testid=tables-pane] nav.tabs').first();
    const over = () => row.evaluate((el) => el.scrollWidth - el.clientWidth);
    await app.loadExample();
    expect(await over(), 'the example: the tab row overflows by (px)').toBeLessThanOrEqual(0);
    await loadMpi(app, 'ior-ssf-fpp');
    await expect(page.getByTestId('tab-stats')).toHaveText(/\(\d{3}\)/);
    expect(await over(), 'IOR ssf/fpp: the tab row overflows by (px)').toBeLessThanOrEqual(0);
    await expect(page.getByTestId('tables-fold')).toBeInViewport({ ratio: 1 });
    await app.shot(`toolbar-fit-tabs-1024x700-${scheme}`);
  });
}
