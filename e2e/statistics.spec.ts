import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

// The statistics of the metric registry on real multi-process traces with failing calls
// (e2e/fixtures/multiproc): table columns, column chooser, hover, colour picker, CSV and JSON exports.
for (const [w, h] of [[1600, 1000], [1024, 700]] as const) {
  test(`the new statistics in the table, hover, colour picker and exports at ${w}×${h}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const app = new AppPage(page);
    // ranked by count (the default ranks by time, #28.1) and 40 activities drawn: the failing calls (lookups of
    // absent directories, a few each) are drawn at 1024×700 too, where the first view keeps fewer
    await app.open('rank=count&activities=40');
    await app.pickFolder(fixture('multiproc'));
    await app.expectReady();

    const table = page.getByTestId('stats-table');
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.map((t) => t.replace(/[▲▼]/g, '').trim())).toEqual(['activity', 'count', 'rd', 'bytes', 'dr', 'mc', 'DR', 'cases', 'p95', 'fail']);
    // the default columns fit the width: no horizontal scrolling
    const scroll = table.locator('.tbl-scroll');
    expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // most failures first
    await page.getByTestId('stats-sort-failures').click(); // a new column sorts descending
    const rows = table.getByTestId('stats-row');
    const cell = (row: number, col: number) => rows.nth(row).locator('td').nth(col).innerText();
    const top = await rows.first().getAttribute('data-id');
    const topFailures = Number((await cell(0, 9)).replace(/,/g, ''));
    expect(topFailures).toBeGreaterThan(0);
    expect(await cell(0, 8)).toMatch(/\d (µs|ms|s|ns)$/); // p95
    await app.shot(`stats-table-${w}x${h}`);

    // the column chooser adds the mean duration and the failure rate (in registry order)
    await page.getByTestId('stats-columns').locator('summary').click();
    await page.getByTestId('stats-col-meanDur').check();
    await page.getByTestId('stats-col-failureRate').check();
    await expect(table.locator('thead th')).toHaveCount(12);
    await expect(table.locator('thead th').nth(8)).toContainText('mean');
    await expect(table.locator('thead th').last()).toContainText('fail %');
    expect(await cell(0, 8)).toMatch(/\d (µs|ms|s|ns)$/); // mean
    expect(await cell(0, 11)).toMatch(/%$/);
    // the menu whole in the window (at 1024×700 it ran past the window's bottom edge, 'access pattern' cut)
    const [menuTop, menuBottom] = await page.getByTestId('stats-columns-menu').evaluate((el) => [el.getBoundingClientRect().top, el.getBoundingClientRect().bottom]);
    expect(menuTop, 'the Columns menu starts inside the window').toBeGreaterThanOrEqual(0);
    expect(menuBottom, 'the Columns menu ends inside the window').toBeLessThanOrEqual(h);
    await expect(page.getByTestId('stats-col-access')).toBeInViewport({ ratio: 1 });
    await app.shot(`stats-columns-${w}x${h}`);
    await page.getByTestId('stats-col-meanDur').uncheck();
    await page.getByTestId('stats-col-failureRate').uncheck();
    await page.getByTestId('stats-columns').locator('summary').click();
    await expect(table.locator('thead th')).toHaveCount(10);

    // hover: the drawn node with the most failures shows every statistic and its errnos
    const ids: string[] = [];
    for (let i = 0; i < Math.min(8, await rows.count()); i++) {
      if (Number((await cell(i, 9)).replace(/,/g, '')) > 0) ids.push((await rows.nth(i).getAttribute('data-id'))!);
    }
    const g = await app.graph();
    const node = ids.map((id) => g.nodes.find((n) => n.id === id && n.at)).find((n) => n !== undefined);
    expect(node, `one of ${ids.join(', ')} is drawn`).toBeDefined();
    await app.hoverNode(node!.id);
    const tip = page.getByTestId('graph-tooltip');
    for (const label of ['mean duration', 'p95 duration', 'failures (calls with an errno)', 'failure rate', 'cases (containing it)', 'errnos']) await expect(tip).toContainText(label);
    await expect(tip).toContainText(/E[A-Z]+ \d/);
    await app.shot(`stats-hover-${w}x${h}`);
    await page.mouse.move(1, 1);

    // colour picker: every statistic of the registry (failures by a shorter name: ColourSelect.tsx), the legend names it
    const options = await page.getByTestId('color-mode').locator('option').allInnerTexts();
    for (const o of ['mean duration', 'p95 duration', 'failures (errno)', 'failure rate', 'cases (containing it)']) expect(options).toContain(o);
    await page.getByTestId('color-mode').selectOption('p95Dur');
    await app.waitIdle();
    await expect(page.getByTestId('graph-legend')).toContainText('p95 duration');
    expect(page.url()).toContain('metric=p95Dur');

    // CSV export: the registry's columns, the same failures as the table
    const [csvDl] = await Promise.all([page.waitForEvent('download'), app.menuItem('export-menu', 'export-csv')]);
    const csv = readFileSync((await csvDl.path())!, 'utf8').trimEnd().split('\n');
    expect(csv[0]).toBe('activity,count,rd,bytes,dr_bytes_per_s,mc,DR_bytes_per_s,cases,dur_s,mean_dur_s,p95_dur_s,failures,failure_rate,errnos');
    const csvRow = csv.find((l) => l.startsWith(`${top},`))!.split(',');
    expect(Number(csvRow[11])).toBe(topFailures);
    expect(csvRow[13]).toMatch(/^E[A-Z]+:\d+/);

    // analysis JSON: the CLI's fields
    const [jsonDl] = await Promise.all([page.waitForEvent('download'), app.menuItem('export-menu', 'export-json')]);
    const doc = JSON.parse(readFileSync((await jsonDl.path())!, 'utf8')) as { nodes: Record<string, Record<string, unknown>> };
    const n = doc.nodes[top!];
    expect(n.failures).toBe(topFailures);
    expect(n.failure_rate).toBeCloseTo(topFailures / (n.count as number), 12);
    expect(Object.values(n.errnos as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(topFailures);
    expect(typeof n.p95_dur).toBe('number');
    expect(typeof n.mean_dur).toBe('number');
  });
}
