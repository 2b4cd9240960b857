/**
 * The Mapping tab and the Phases table of IOR's ssf/fpp run at 1024×700 and 1280×720, light and dark: the System
 * files select shows its chosen text whole inside the side panel (it was cut at the panel's edge: "auto (hidden
 * when user files a"), each number of the phases stays on one line with its unit ("0.000 | s", "384 | KiB"), and
 * an insight's cost line ("11.6 ms · <0.1% of wall", green ssf vs red fpp) stays inside its card (10 px past it).
 */
import { expect, test } from '@playwright/test';
import { AppPage, atSizes } from './app';
import { loadMpi } from './mpiFixtures';

/** Chromium's drop-down arrow beside a select's text (px). */
const ARROW = 20;

for (const scheme of ['light', 'dark'] as const) {
  test(`the Mapping's select whole in the side panel, the phases' numbers with their units, the insights' costs in their cards (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await atSizes(page, async (w, h) => {
      const app = new AppPage(page);
      await app.open('green=cid:ssf&red=cid:fpp');
      await loadMpi(app, 'ior-ssf-fpp');
      await app.tab('mapping');
      const select = page.getByTestId('system-files');
      for (const v of ['auto', 'show', 'collapse', 'hide']) {
        await select.selectOption(v);
        await app.waitIdle();
        const m = await select.evaluate((el) => {
          const sel = el as HTMLSelectElement;
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = getComputedStyle(sel).font;
          const side = sel.closest('aside')!.getBoundingClientRect();
          return { text: ctx.measureText(sel.selectedOptions[0].textContent ?? '').width, box: sel.clientWidth, right: sel.getBoundingClientRect().right, side: side.right };
        });
        expect(m.text + ARROW, `${v} at ${w}×${h}: the chosen text within the select`).toBeLessThanOrEqual(m.box + 0.5);
        expect(m.right, `${v} at ${w}×${h}: the select within the side panel`).toBeLessThanOrEqual(m.side);
      }
      await select.selectOption('auto');
      await app.waitIdle();
      await app.shot(`side-panels-mapping-${w}x${h}-${scheme}`);

      await app.tab('phases');
      const cells = page.locator('table.phases tbody td:not(:last-child)');
      await expect(cells.first()).toBeVisible();
      const split = await cells.evaluateAll((tds) => tds.filter((td) => {
        const r = document.createRange();
        r.selectNodeContents(td);
        return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1;
      }).map((td) => td.textContent));
      expect(split, `${w}×${h}: phase cells on more than one line`).toEqual([]);
      await app.shot(`side-panels-phases-${w}x${h}-${scheme}`);

      await app.tab('insights');
      await app.waitIdle();
      const costs = page.getByTestId('finding-cost');
      await expect(costs.first()).toBeVisible();
      const out = await costs.evaluateAll((els) => els.map((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        const right = Math.max(...[...r.getClientRects()].map((b) => b.right));
        return right <= el.getBoundingClientRect().right + 0.5 && el.scrollWidth <= el.clientWidth ? '' : `${el.textContent}: ${el.scrollWidth - el.clientWidth} px over`;
      }).filter((x) => x));
      expect(out, `${w}×${h}: cost lines past their card`).toEqual([]);
      await app.shot(`side-panels-insights-${w}x${h}-${scheme}`);
    }, [[1024, 700], [1280, 720]]);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the statistics' activity names take the table's free width (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await atSizes(page, async (w, h) => {
      const app = new AppPage(page);
      await app.open();
      await loadMpi(app, 'make-threads');
      const cells = page.locator('[data-testid=stats-table] tbody tr td:first-child');
      await expect(cells.first()).toContainText('/tmp/');
      // make's temporary files (lseek:/tmp/tmp.CNyF6XHzSv …): whole, not cut at 15vw while the numbers had room
      const cut = await cells.evaluateAll((tds) => tds.filter((td) => td.textContent && td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent));
      expect(cut, `${w}×${h}: activity names cut`).toEqual([]);
      await app.shot(`side-panels-stats-${w}x${h}-${scheme}`);
    }, [[1024, 700], [1280, 720]]);
  });
}
