import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

/** The IOR-like runs (e2e/fixtures/ior-like/README.md): green = shared file, 4 KiB transfers; red = file
 * per process, 64 KiB transfers after 400 ms of computation. */
const IOR = fixture('ior-like');
const files = readdirSync(IOR).filter((f) => f.endsWith('.st')).map((f) => `${IOR}/${f}`);

for (const size of [
  { width: 1600, height: 1000 },
  { width: 1280, height: 720 },
  { width: 1024, height: 700 },
]) {
  test(`compare green and red with numbers (${size.width}×${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = new AppPage(page);
    await app.open('raw=1&green=cid:ssf&red=cid:fpp'); // the paper's plain mapping, as the assertions name its activities
    // 12 files, the analysis, the comparison and the layout: generous on a shared 2-core machine
    await app.dropFiles(files, 90_000);
    await app.expectReady();

    await app.tab('compare');
    const panel = page.getByTestId('compare-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByText('green 6 cases')).toBeVisible();
    const top = page.getByTestId('top-diff');
    await expect(top.first()).toHaveText(/^red runs took .* \(median wall time, [\d.]+× longer in red\), every red case above every green case \(complete separation, n = 6 vs 6\), q = 0\.0\d+$/);
    await expect(top.nth(1)).toHaveText(/^only \d+(\.\d)?% of red wall time is in traced calls — the rest is computation or calls not traced/);
    // the coverage row of the per-side summary
    await expect(page.getByTestId('summary-coverage')).toContainText('%');

    // difference colouring: significant nodes on the diverging scale, the others grey, with a legend
    await page.getByTestId('color-mode').selectOption('diff-count');
    await app.waitIdle();
    expect(page.url()).toContain('color=diff-count');
    // the graph reads: 18 activities in a long chain fit legibly only wrapped into bands at 1600×1000 (all
    // drawn); at 1280×720 and 1024×700 they do not, so the first view shows the top ones with their labels
    // drawn and says so; the slider then shows them all. The Compare pane that opened took height from the
    // canvas: the first view stays readable (≥ 10 px), with less text when its full boxes no longer fit, and
    // the costliest activities stay on the canvas
    const acts = async () => (await app.graph()).nodes.filter((x) => x.id !== '●' && x.id !== '■');
    await expect.poll(async () => Math.min(...(await acts()).map((n) => n.labelPx ?? 0)), { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
    const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
    for (const id of ['fsync:/scratch/iorlike', 'execve:/tmp/ior-like', 'openat:/scratch/iorlike']) {
      const b = (await acts()).find((n) => n.id === id)?.box;
      expect(b, `${id} drawn`).toBeDefined();
      expect(b!.x1 >= 0 && b!.y1 >= 0 && b!.x2 <= canvas.width && b!.y2 <= canvas.height, `${id} inside the canvas`).toBe(true);
    }
    if (size.width >= 1600) expect((await acts()).length).toBe(18);
    else await expect(page.getByTestId('graph-shown')).toContainText(/showing \d+ of 18 activities/);
    await app.shot(`compare-${size.width}x${size.height}`);
    await page.getByTestId('graph-activities').fill('18');
    await app.waitIdle();
    const g = await app.graph();
    const fill = (id: string) => g.nodes.find((n) => n.id === id)?.fill.toUpperCase();
    // 64 pwrite64 per green rank vs 4 per red rank: green larger, significant → a green tone
    const pw = fill('pwrite64:/scratch/iorlike')!;
    expect(pw).toMatch(/^#[0-9A-F]{6}$/);
    const [r, gr, b] = [1, 3, 5].map((i) => parseInt(pw.slice(i, i + 2), 16));
    expect(gr).toBeGreaterThan(r);
    expect(gr).toBeGreaterThan(b);
    // the same libraries are read on both sides: not significant → grey
    expect(fill('read:/usr/lib')).toBe('#E0E0E0');
    await expect(page.getByTestId('graph-legend')).toContainText('Difference: events per case');

    // a sentence about an activity selects its node and opens its timeline
    const act = page.locator('[data-testid=top-diff][data-kind=activity]').first();
    const ref = await act.getAttribute('data-ref');
    expect(ref).toMatch(/^p(read|write)64:\/scratch\/iorlike$/);
    await act.click();
    await app.waitIdle(60_000);
    await expect(page.getByTestId('detail')).toBeVisible();
    await expect(page.locator(`[data-testid=compare-row][data-id="${ref}"]`)).toHaveClass(/selected/);
    // the timeline colours rows by side; aligned at each case's start, green and red share one relative scale
    await page.getByTestId('timeline-align').check();
    await app.waitIdle(60_000);
    await expect(page.getByTestId('detail')).toContainText('seconds since the start of the trace');
    await app.shot(`compare-timeline-${size.width}x${size.height}`, '[data-testid=detail]');

    // the table sorts by q; the cases view lists sides, hosts and ranks
    await page.getByTestId('compare-sort-q').click();
    const firstQ = await page.getByTestId('compare-row').first().getAttribute('data-id');
    expect(firstQ).toBeTruthy();
    await page.getByTestId('compare-view-cases').click();
    await expect(page.getByTestId('case-row')).toHaveCount(12);
    await expect(page.getByTestId('cases-table')).toContainText('jrc0402');
    // the file names' last parts are MPI ranks here (0-5 of each run): the column says so
    await expect(page.getByTestId('cases-sort-rid')).toHaveText(/^rank/);
    await app.shot(`compare-cases-${size.width}x${size.height}`, '[data-testid=compare-panel]');
    await page.getByTestId('compare-view-elements').click();

    // exports: JSON of the documented shape, CSV of the table
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-json').click()]);
    const doc = JSON.parse(await (await json.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'))) as { activities: Record<string, { green: { count: number[] } }>; top: string[] };
    expect(doc.activities['pwrite64:/scratch/iorlike'].green.count).toEqual([64, 64, 64, 64, 64, 64]);
    expect(doc.top[0]).toMatch(/^red runs took/);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-csv').click()]);
    const text = await (await csv.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
    expect(text.split('\n')[0]).toMatch(/^kind,element,side,green_cases,red_cases,count_green_mean/);
  });
}
