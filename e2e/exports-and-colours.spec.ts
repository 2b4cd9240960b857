/**
 * Exports and colours without a check elsewhere: the Chrome trace download, a Compare sentence about an edge,
 * the side colours of a node timeline, Colour → failure rate, and the Overview's metric, alignment and
 * green/red row groups. Real fixtures: e2e/fixtures/phases (6 ranks, a write and a read phase) and
 * e2e/fixtures/ior-like (green = shared file, red = file per process; rank fpp_jrc0401_2's creates fail).
 */
import { readdirSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { TraceEvent } from '../src/testing/chromeTrace';
import { overviewLayout } from '../src/ui/time/geometry';
import { AppPage, fixture } from './app';

const IOR = fixture('ior-like');
const IOR_FILES = readdirSync(IOR).filter((f) => f.endsWith('.st')).map((f) => `${IOR}/${f}`);

const downloadText = async (d: Download): Promise<string> => Buffer.concat(await (await d.createReadStream()).toArray()).toString('utf8');

async function chromeTrace(page: Page): Promise<TraceEvent[]> {
  const app = new AppPage(page);
  const [d] = await Promise.all([page.waitForEvent('download'), app.menuItem('export-menu', 'export-chrome')]);
  expect(d.suggestedFilename()).toBe('strace-dfg-trace.json');
  const doc = JSON.parse(await downloadText(d)) as { traceEvents: TraceEvent[] };
  expect(Array.isArray(doc.traceEvents)).toBe(true);
  return doc.traceEvents;
}

/** Opens the ior-like runs (the paper's plain mapping, as compare.spec) with an optional partition. */
async function openIor(app: AppPage, hash: string): Promise<void> {
  await app.open(hash);
  await app.dropFiles(IOR_FILES, 90_000);
  await app.expectReady();
}

test('Chrome trace: a process per case, an X event per loaded event in µs; a time window exports only its events', async ({ page }) => {
  const app = new AppPage(page);
  // the write phase of the 6 ranks, from a link
  await app.open('time=0.3..1.2');
  await app.pickFolder(fixture('phases'));
  await app.expectReady();
  await expect(page.getByTestId('time-chip')).toBeVisible();
  const win = (await chromeTrace(page)).filter((e) => e.ph === 'X');

  // without the window: every loaded event
  await page.getByTestId('time-clear').click();
  await app.waitIdle();
  await expect(page.getByTestId('time-chip')).toHaveCount(0);
  await app.tab('summary');
  const loaded = Number((await page.getByTestId('summary-events').innerText()).match(/^[\d,]+/)![0].replace(/,/g, ''));
  expect(loaded).toBeGreaterThan(500);
  const all = await chromeTrace(page);

  // one process per case, named by the case id (and rank)
  const procs = all.filter((e) => e.ph === 'M' && e.name === 'process_name');
  expect(procs.map((e) => e.args.name).sort()).toEqual([0, 1, 2, 3, 4, 5].map((r) => `phases_node1_${r} (rank ${r})`));
  expect(new Set(procs.map((e) => e.pid)).size).toBe(6);
  const pids = new Set(procs.map((e) => e.pid));

  const xs = all.filter((e) => e.ph === 'X');
  expect(xs.length).toBe(loaded);
  const ARGS = 'call,errno,offset,path,size';
  const bad = xs.filter(
    (e) => !pids.has(e.pid) || typeof e.ts !== 'number' || typeof e.dur !== 'number' || e.ts < 0 || e.dur < 0 || Object.keys(e.args).sort().join() !== ARGS || e.args.call !== e.name,
  );
  expect(bad.slice(0, 3)).toEqual([]);
  // every rank writes and reads /tmp/phases with sizes and offsets
  const writes = xs.filter((e) => e.args.call === 'write' && String(e.args.path).startsWith('/tmp/phases'));
  expect(new Set(writes.map((e) => e.pid)).size).toBe(6);
  expect(writes.every((e) => typeof e.args.size === 'number' && (e.args.size as number) > 0)).toBe(true);
  // each rank's failed access of /etc/ld.so.preload carries its errno
  expect(xs.filter((e) => e.args.errno === 'ENOENT').length).toBeGreaterThanOrEqual(6);
  // µs: the last event ends at the run's span (the overview's data-span is in seconds)
  const span = Number(await page.getByTestId('overview-canvas').getAttribute('data-span'));
  const end = Math.max(...xs.map((e) => e.ts! + e.dur!));
  expect(end / 1e6).toBeCloseTo(span, 3);

  // the window's export: exactly the events that start in 0.3 s … 1.2 s, the same events as in the full export
  const inWindow = xs.filter((e) => e.ts! >= 300_000 && e.ts! <= 1_200_000);
  expect(win.length).toBeGreaterThan(0);
  expect(win.length).toBeLessThan(xs.length);
  expect(win.length).toBe(inWindow.length);
  const key = (e: TraceEvent) => `${e.pid}/${e.tid}/${e.ts}/${e.name}`;
  expect(win.map(key).sort()).toEqual(inWindow.map(key).sort());
  await app.shot('chrome-trace-export');
});

test('Compare: a top-difference sentence about an edge selects that edge and opens its cases', async ({ page }) => {
  const app = new AppPage(page);
  await openIor(app, 'raw=1&green=cid:ssf&red=cid:fpp');
  await app.tab('compare');
  const edge = page.locator('[data-testid=top-diff][data-kind=edge]').first();
  await expect(edge).toBeVisible();
  const ref = (await edge.getAttribute('data-ref'))!;
  const [source, target] = ref.split(' -> ');
  expect(source && target).toBeTruthy();
  await expect(page.getByTestId('edge-cases')).toHaveCount(0);
  await edge.click();
  await app.waitIdle();
  const cases = page.getByTestId('edge-cases');
  await expect(cases).toBeVisible();
  await expect(cases.locator('h3')).toHaveText(`${source} → ${target}`);
  // the pwrite/pread loop runs in every case: 6 green, 6 red
  await expect(page.getByTestId('edge-cases-summary')).toHaveText(/ transitions in 12 cases$/);
  // the selection is the edge (the link's sel key)
  expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('sel')).toBe(`${source} -> ${target}`);
  // and the sentence is marked as the selection
  await expect(edge).toHaveClass(/\bon\b/);
  await app.shot('compare-edge-sentence');
});

test('a node timeline with a partition draws green cases green and red cases red', async ({ page }) => {
  const app = new AppPage(page);
  await openIor(app, 'raw=1&green=cid:ssf&red=cid:fpp');
  await page.locator('[data-testid=stats-row][data-id="pwrite64:/scratch/iorlike"]').click();
  await app.waitIdle();
  const plot = page.getByTestId('timeline-plot');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // the plot's line traces as Plotly holds them: per colour, the rows (y) that have segments
  const drawn = await page.evaluate(() => {
    const gd = document.querySelector('[data-testid=timeline-plot] .js-plotly-plot') as unknown as {
      data: { mode: string; line?: { color: string }; y: ArrayLike<number | null> }[];
      layout: { yaxis: { tickvals: number[]; ticktext: string[] } };
    };
    const byColor: Record<string, number[]> = {};
    for (const t of gd.data) {
      if (t.mode !== 'lines' || !t.line) continue;
      const rows = new Set<number>();
      for (const y of Array.from(t.y)) if (typeof y === 'number' && Number.isFinite(y)) rows.add(Math.round(y));
      byColor[t.line.color.toUpperCase()] = [...(byColor[t.line.color.toUpperCase()] ?? []), ...rows];
    }
    return { byColor, tickvals: gd.layout.yaxis.tickvals, ticktext: gd.layout.yaxis.ticktext };
  });
  const label = (r: number) => drawn.ticktext[drawn.tickvals.indexOf(r)];
  expect(drawn.tickvals).toHaveLength(12); // a row per case, every one labelled
  const green = (drawn.byColor['#2E7D32'] ?? []).map(label);
  const red = (drawn.byColor['#E53935'] ?? []).map(label);
  // rows are labelled `<cid> · rank <rid>`: green = cid ssf, red = cid fpp, every rank once
  expect(green.sort()).toEqual([0, 1, 2, 3, 4, 5].map((r) => `ssf · rank ${r}`));
  expect(red.sort()).toEqual([0, 1, 2, 3, 4, 5].map((r) => `fpp · rank ${r}`));
  // no bar left in the side-less colour
  expect(drawn.byColor['#3F51B5'] ?? []).toEqual([]);
  await app.shot('timeline-sides');
});

/** Rows of a CSV text (double-quoted fields may hold commas). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let cur = '';
      let q = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (q) {
          if (ch === '"' && line[i + 1] === '"') {
            cur += '"';
            i++;
          } else if (ch === '"') q = false;
          else cur += ch;
        } else if (ch === '"') q = true;
        else if (ch === ',') {
          out.push(cur);
          cur = '';
        } else cur += ch;
      }
      out.push(cur);
      return out;
    });
}

test('Colour → failure rate: activities with failed calls get another fill than those without; the legend names it', async ({ page }) => {
  const app = new AppPage(page);
  await openIor(app, 'raw=1');
  // every activity in the graph
  const total = await page.getByTestId('graph-activities').getAttribute('max');
  await page.getByTestId('graph-activities').fill(total!);
  await app.waitIdle();
  // failures per activity from the Statistics CSV
  const [csv] = await Promise.all([page.waitForEvent('download'), app.menuItem('export-menu', 'export-csv')]);
  const [head, ...rows] = csvRows(await downloadText(csv));
  const fi = head.indexOf('failures');
  expect(fi).toBeGreaterThan(0);
  const failures = new Map(rows.map((r) => [r[0], Number(r[fi] || 0)]));

  await page.getByTestId('color-mode').selectOption('failureRate');
  await app.waitIdle();
  expect(page.url()).toContain('failureRate');
  await expect(page.getByTestId('graph-legend')).toContainText('failure rate');
  const nodes = (await app.graph()).nodes.filter((n) => failures.has(n.id));
  const failing = nodes.filter((n) => failures.get(n.id)! > 0);
  const clean = nodes.filter((n) => failures.get(n.id) === 0);
  // the file-per-process creates that fail in rank fpp_jrc0401_2
  expect(failing.map((n) => n.id)).toContain('openat:/scratch/iorlike');
  expect(clean.length).toBeGreaterThan(2);
  const cleanFills = new Set(clean.map((n) => n.fill.toUpperCase()));
  expect(cleanFills.size).toBe(1); // all at 0: one fill
  for (const n of failing) expect(cleanFills.has(n.fill.toUpperCase()), `${n.id} ${n.fill}`).toBe(false);
  await app.shot('colour-failure-rate');
});

/** What the overview canvas draws per row: the side tint at its left edge and the first heat cell's x (CSS px). */
async function overviewRows(page: Page): Promise<{ tint: string; firstX: number }[]> {
  const canvas = page.getByTestId('overview-canvas');
  const rows = Number(await canvas.getAttribute('data-rows'));
  const width = (await canvas.boundingBox())!.width;
  const l = overviewLayout(Math.round(width), rows);
  return page.evaluate(
    ({ l, rows }) => {
      const c = document.querySelector('[data-testid=overview-canvas]') as HTMLCanvasElement;
      const k = c.width / l.width;
      const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      const px = (x: number, y: number) => {
        const i = (Math.floor(y * k) * img.width + Math.floor(x * k)) * 4;
        return [img.data[i], img.data[i + 1], img.data[i + 2]];
      };
      const out: { tint: string; firstX: number }[] = [];
      for (let r = 0; r < rows; r++) {
        const y = l.heatY + (r + 0.5) * l.rowH;
        const [tr, tg] = px(1, y);
        // heat cells run from white to dark blue (blue > red); the phase bands are yellowish (blue < red)
        let firstX = -1;
        for (let x = l.plotX + 1; x < l.plotX + l.plotW - 1; x += 1 / k) {
          const [pr, , pb] = px(x, y);
          if (pb - pr > 4) {
            firstX = x - l.plotX;
            break;
          }
        }
        out.push({ tint: tg > tr ? 'green' : tr > tg ? 'red' : 'none', firstX });
      }
      return out;
    },
    { l, rows },
  );
}

async function heatPixels(page: Page): Promise<string> {
  return page.evaluate(() => {
    const c = document.querySelector('[data-testid=overview-canvas]') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i++) h = (h * 31 + d[i]) | 0;
    return String(h);
  });
}

/** The overview's hover text at the middle of row r (the overview's pane scrolls: Playwright's hover brings the point into view). */
async function hoverRow(page: Page, r: number): Promise<string> {
  const canvas = page.getByTestId('overview-canvas');
  const box = (await canvas.boundingBox())!;
  const l = overviewLayout(Math.round(box.width), Number(await canvas.getAttribute('data-rows')));
  const hover = page.getByTestId('overview-hover');
  // over the top strip first (its text is the bin's bytes/s and calls/s), so that the text read is this row's, of the current heatmap
  await canvas.hover({ position: { x: l.plotX + l.plotW / 2, y: 10 } });
  await expect(hover).toContainText('calls/s');
  await canvas.hover({ position: { x: l.plotX + l.plotW / 2, y: l.heatY + (r + 0.5) * l.rowH } });
  await expect(hover).not.toContainText('calls/s');
  return hover.innerText();
}

test('Overview: the metric changes the heatmap, green and red rows are grouped, align starts every row at 0', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const app = new AppPage(page);
  await openIor(app, 'raw=1&green=cid:ssf&red=cid:fpp');
  // the expanded overview: labelled rows, its legend and caption (compact by default)
  await page.getByTestId('overview-expand').click();
  const canvas = page.getByTestId('overview-canvas');
  const foot = page.locator('.overview-foot');
  const metric = page.getByTestId('overview-metric');
  await expect(canvas).toHaveAttribute('data-rows', '12');

  // metric: busy time (default) → calls → bytes; the caption, the hover values and the pixels follow
  await expect(metric).toHaveValue('busy');
  await expect(foot).toContainText('; busy time');
  expect(await hoverRow(page, 0)).toMatch(/: [\d.]+ (s|ms|µs|ns)$/);
  const busy = await heatPixels(page);
  await metric.selectOption('calls');
  await app.waitIdle();
  await expect(foot).toContainText('; calls');
  expect(await hoverRow(page, 0)).toMatch(/: \d+ calls$/);
  const calls = await heatPixels(page);
  expect(calls).not.toBe(busy);
  await metric.selectOption('bytes');
  await app.waitIdle();
  await expect(foot).toContainText('; bytes');
  expect(await hoverRow(page, 0)).toMatch(/: [\d.]+ (B|KiB|MiB)$/);
  expect(await heatPixels(page)).not.toBe(calls);
  await metric.selectOption('calls');
  await app.waitIdle();

  // green rows (shared file) first, then red (file per process): labels and side tints
  const labels: string[] = [];
  for (let r = 0; r < 12; r++) labels.push((await hoverRow(page, r)).split(',')[0]);
  expect(labels.slice(0, 6).every((s) => s.startsWith('ssf_')), labels.join(' ')).toBe(true);
  expect(labels.slice(6).every((s) => s.startsWith('fpp_')), labels.join(' ')).toBe(true);
  const before = await overviewRows(page);
  expect(before.map((r) => r.tint)).toEqual([...Array(6).fill('green'), ...Array(6).fill('red')]);
  const plotW = overviewLayout(Math.round((await canvas.boundingBox())!.width), 12).plotW;
  // on the run's clock the red runs (started after the green ones) begin well to the right
  expect(before.every((r) => r.firstX >= 0)).toBe(true);
  expect(Math.min(...before.slice(6).map((r) => r.firstX))).toBeGreaterThan(0.2 * plotW);
  const spanBefore = Number(await canvas.getAttribute('data-span'));
  // the canvas fits its pane (no sideways scroll hiding the row sums), and the run's phases are drawn
  const pane = page.getByTestId('overview');
  expect(await pane.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(Number(await canvas.getAttribute('data-phases-drawn'))).toBeGreaterThan(0);

  // align: each case on its own clock, every row starts at 0, brushing is off
  await page.getByLabel('align cases').check();
  await app.waitIdle();
  await expect(foot).not.toContainText('drag across');
  const spanAligned = Number(await canvas.getAttribute('data-span'));
  expect(spanAligned).toBeLessThan(spanBefore);
  const after = await overviewRows(page);
  expect(after.map((r) => r.tint)).toEqual(before.map((r) => r.tint));
  for (const [r, row] of after.entries()) expect(row.firstX, `row ${r} (${labels[r]})`).toBeLessThan(0.02 * plotW);
  // the phases are on the run's clock: not drawn over rows that each have their own
  expect(Number(await canvas.getAttribute('data-phases-drawn'))).toBe(0);
  await app.shot('overview-aligned-groups', '[data-testid=overview]');
});
