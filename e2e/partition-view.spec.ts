import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';

const RING = { green: 'rgb(46,125,50)', red: 'rgb(198,40,40)' };
const norm = (c: string | undefined): string => (c ?? '').replace(/\s+/g, '');

test('G and R colour the graph by partition at once, the metric stays as the fill; one legend; hide unassigned cases', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  // the shared file and the files per process as activities of their own (fpp.0000000N → fpp)
  await app.open(`rewrite=${encodeURIComponent('re:^/scratch/ior/(ssf|fpp)=>/scratch/ior/$1')}`);
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();
  const before = new Map((await app.graph()).nodes.map((n) => [n.id, n.fill]));

  // shared file green, file per process red: two clicks
  await app.tab('partition');
  await page.getByTitle('green = cid:ssf').click();
  await app.waitIdle();
  await page.getByTitle('red = cid:fpp').click();
  await app.waitIdle();
  await expect(page.getByTestId('color-mode')).toHaveValue('rd');
  // a graph cut to what fits legibly shows what differs first (one side only): every activity shown here,
  // to see the three kinds of ring
  const all = page.getByTestId('graph-activities');
  await all.fill((await all.getAttribute('max')) ?? '0');
  await app.waitIdle();
  const g = await app.graph();
  const acts = g.nodes.filter((n) => n.id !== '●' && n.id !== '■');
  const sides = new Set(acts.map((n) => n.partition));
  expect(sides.has('green') && sides.has('red') && sides.has('both'), [...sides].join()).toBe(true);
  for (const n of acts) {
    // the fill is still the metric's (rd), unchanged by the partition
    if (before.has(n.id)) expect(n.fill, n.id).toBe(before.get(n.id));
    // the ring: green / red border, both = green border inside a red outline
    if (n.partition === 'green') expect(norm(n.border), n.id).toBe(RING.green);
    if (n.partition === 'red') expect(norm(n.border), n.id).toBe(RING.red);
    if (n.partition === 'both') {
      expect(norm(n.border), n.id).toBe(RING.green);
      expect(norm(n.outline), n.id).toBe(RING.red);
    }
  }
  // edges in the partition's colours
  expect(g.edges.some((e) => e.partition === 'green' && e.color.toUpperCase() === '#2E7D32')).toBe(true);
  expect(g.edges.some((e) => e.partition === 'red' && e.color.toUpperCase() === '#E53935')).toBe(true);
  // one legend for both: the metric scale and the rings
  const legend = page.getByTestId('graph-legend');
  await expect(legend).toContainText('fill linear in value');
  await expect(page.getByTestId('legend-rings')).toContainText('green 8, red 8 cases');
  await expect(page.getByTestId('legend-rings')).toContainText('only red');
  expect(page.url()).toContain('green=cid:ssf');
  expect(page.url()).toContain('metric=rd');
  await app.shot('partition-ior-ssf-fpp-1600x1000');

  // an activity's timeline lists its rows in the overview's order: green cases first, then red
  await app.tab('stats');
  await page.locator('[data-testid=stats-row][data-id="execve:./ior-like"]').click();
  await app.waitIdle();
  await expect(page.getByTestId('timeline-plot')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const rows = await page.locator('[data-testid=timeline-plot] .ytick text').allTextContents();
  const ranks = (cid: string) => Array.from({ length: 8 }, (_, r) => `${cid} · rank ${r}`);
  expect(rows).toEqual([...ranks('ssf'), ...ranks('fpp')]);
  await app.shot('partition-timeline-1600x1000', '[data-testid=detail]');
  await page.getByTestId('timeline-close').click();
  await app.tab('partition');

  // the exports carry the same legend; the SVG draws the rings
  const [svg] = await Promise.all([page.waitForEvent('download'), app.menuItem('graph-menu', 'graph-export-svg')]);
  const text = readFileSync((await svg.path())!, 'utf8');
  expect(text).toContain('Partition (ring)');
  expect(text).toContain('fill linear in value');
  expect(text).toContain('stroke="#2E7D32" stroke-width="3"');
  expect(text).toContain('stroke="#C62828" stroke-width="3"');
  const [png] = await Promise.all([page.waitForEvent('download'), app.menuItem('graph-menu', 'graph-export-png')]);
  expect(readFileSync((await png.path())!).subarray(1, 4).toString()).toBe('PNG');

  // red = only ranks 0–3 of fpp: 4 cases unassigned; hiding them analyses 12 cases
  await page.getByTestId('red-input').fill('re:^fpp_vm_[0-3]');
  await page.getByTestId('apply-partition').click();
  await app.waitIdle();
  expect((await app.state()).cases).toBe(16);
  await expect(page.getByTestId('unassigned-count')).toContainText('4 of 16');
  await page.getByTestId('hide-unassigned').check();
  await app.waitIdle();
  expect((await app.state()).cases).toBe(12);
  expect(page.url()).toContain('unassigned=hide');
  expect((await app.graph()).nodes.every((n) => n.partition !== 'neither')).toBe(true);
  await page.getByTestId('hide-unassigned').uncheck();
  await app.waitIdle();
  expect((await app.state()).cases).toBe(16);
  expect(page.url()).not.toContain('unassigned=');
});
