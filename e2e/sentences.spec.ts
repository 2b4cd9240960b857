/**
 * The analysis' sentences with the app's precision (formatSeconds: three significant digits), as its own numbers —
 * the insights' messages and details, the comparison's top differences, the Summary's untraced time ("largest
 * gap …"): the app wrote them with the CLI's two decimals ("mean 252.77 ms, σ 97.84 ms", "4.47 s vs 47.91 ms
 * untraced per run"). The CLI's text keeps its own (src/cli tests). ior-untraced, green = ssf, red = fpp, the
 * edges labelled with their mean gap; three sizes, light and dark.
 */
import { expect, test } from '@playwright/test';
import { openLogAtSizes } from './openLog';
import { overPrecise } from './precision';

/** A duration as formatSeconds writes it. */
const DUR = String.raw`\d+(?:\.\d+)? (?:s|ms|µs|ns)`;
/** An I/O phase's bounds in seconds since t0. */
const PHASE = /[\d.]+–[\d.]+ s/;

for (const scheme of ['light', 'dark'] as const) {
  test(`insights, comparison and untraced time read their durations to three digits (${scheme})`, async ({ page }) => {
    await openLogAtSizes(page, scheme, 'ior-untraced', async (app, w, h) => {
      // the Summary's untraced time: each case's largest gap (where it starts: seconds since t0, to the ms)
      const cases = page.getByTestId('untraced-case');
      await expect(cases.first()).toContainText(new RegExp(`largest gap at [\\d.]+ s: ${DUR} between `));
      expect(await overPrecise(cases, /largest gap at [\d.]+ s/)).toEqual([]);
      await app.shot(`sentences-summary-${w}x${h}-${scheme}`);

      // the insights: every message and detail (T07's 'mean 252.77 ms, σ 97.84 ms' before)
      await app.tab('insights');
      const findings = page.getByTestId('finding');
      await expect(findings.first()).toBeVisible();
      await expect(page.locator('[data-testid=finding][data-code=T07] .message').first()).toContainText(new RegExp(`mean ${DUR}, σ ${DUR}\\)`));
      // (a phase's bounds, '(24.84–25.40 s)', are times since t0, not durations)
      expect(await overPrecise(page.locator('[data-testid=finding] .message'), PHASE)).toEqual([]);
      expect(await overPrecise(page.locator('[data-testid=finding] .details li'), PHASE)).toEqual([]);
      await findings.first().locator('details > summary').click();
      await app.shot(`sentences-insights-${w}x${h}-${scheme}`);

      // the comparison's top differences
      await app.tab('compare');
      const top = page.getByTestId('top-diff');
      await expect(top.first()).toBeVisible({ timeout: 60_000 });
      await expect(top.filter({ hasText: 'runs took' })).toContainText(new RegExp(`green runs took ${DUR} vs ${DUR} \\(median wall time`));
      expect(await overPrecise(top)).toEqual([]);
      await app.shot(`sentences-compare-${w}x${h}-${scheme}`);
    }, undefined, 'green=cid:ssf&red=cid:fpp&label=gap');
  });
}
