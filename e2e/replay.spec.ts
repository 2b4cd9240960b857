/**
 * Replay in the app (docs/GUIDE.md "Replay a run"): *Replay…* downloads the replay folder of a real 4-rank run
 * (io-ranks.c, src/analysis/replay/__fixtures__/normal) as .tar — the same files the CLI writes for those traces —
 * its run.sh replays it on this machine under strace (fio + replay_meta.py), and the replay's traces loaded as
 * the red side against the recording (green) check at 100 %. The Pattern tab on the IOR-like Open MPI run
 * (e2e/fixtures/ior-like) with its IOR command line; an insight's "Replay with 1 MiB requests…" opens the dialog
 * with that what-if. Screenshots of the dialog and the pattern view at three sizes, light and dark.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { requireTools } from '../src/testing/needs';
import { AppPage, atSizes, FIXTURES } from './app';
import { loadMpi } from './mpiFixtures';

// run.sh runs fio and replay_meta.py (python3) under strace; python3 also unpacks the downloaded .tar
requireTools('strace', 'fio', 'python3');

const ROOT = join(FIXTURES, '..', '..');
const REPLAY_FX = join(ROOT, 'src/analysis/replay/__fixtures__');
const INS = join(ROOT, 'src/analysis/insights/__fixtures__');
const stFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.st')).map((f) => join(dir, f));

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.status ?? r.signal}: ${r.stderr.slice(-2000)}`);
  return r.stdout;
}

/** Every file of a folder (relative path → text), but where the traces were read from (the CLI's paths, the
 * app's file names): the README's and the manifest's `sources`. */
function folderTexts(dir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || e.name === 'README.md') continue;
    const text = readFileSync(join(e.parentPath, e.name), 'utf8');
    out[join(e.parentPath, e.name).slice(dir.length + 1)] = e.name === 'replay.json' ? { ...(JSON.parse(text) as object), sources: null } : text;
  }
  return out;
}

async function shots(page: Page, app: AppPage, name: string, selector?: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await atSizes(page, async (w, h) => {
      await app.waitIdle();
      await app.shot(`${name}-${w}x${h}-${scheme}`, selector);
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Replay… downloads the folder of a 4-rank run (the CLI’s files); run.sh replays it; its traces as red check at 100 %', async ({ page }) => {
  const tmp = mkdtempSync(join(tmpdir(), 'e2e-replay-'));
  const recorded = stFiles(join(REPLAY_FX, 'normal'));
  const app = new AppPage(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  await app.pickFiles(recorded);
  await app.expectReady();
  await new AppPage(page).menuItem('export-menu', 'replay-open'); // Replay… is in the Export menu (#28.2)
  await expect(page.getByTestId('replay-dialog')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('replay-format').selectOption('tar');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('replay-download').click()]);
  expect(dl.suggestedFilename()).toBe('strace-dfg-replay.tar');
  const tar = join(tmp, 'replay.tar');
  await dl.saveAs(tar);
  // the program's own account: its requests and bytes
  const acc = JSON.parse(readFileSync(join(REPLAY_FX, 'normal', 'accounts.json'), 'utf8')) as { files: Record<string, { write: [number, number]; read?: [number, number] }> }[];
  const files = acc.flatMap((a) => Object.values(a.files));
  const requests = files.reduce((n, f) => n + f.write[0] + (f.read?.[0] ?? 0), 0);
  const mib = files.reduce((n, f) => n + f.write[1] + (f.read?.[1] ?? 0), 0) / 2 ** 20;
  await expect(page.getByTestId('replay-summary')).toContainText(`4 cases, ${requests} data requests (${mib.toFixed(1)} MiB)`);

  // the app's folder is the CLI's (one Session core), README aside
  sh('python3', ['-m', 'tarfile', '-e', tar, join(tmp, 'app')]);
  const folder = join(tmp, 'app', 'strace-dfg-replay');
  sh(process.execPath, [join(ROOT, 'dist-cli/strace-dfg.mjs'), 'replay', '--out', join(tmp, 'cli'), ...recorded]);
  expect(folderTexts(folder)).toEqual(folderTexts(join(tmp, 'cli')));

  await page.getByTestId('replay-close').click();
  await expect(page.getByTestId('replay-dialog')).toHaveCount(0);

  // replayed on this machine under strace, then loaded with the recording: green = recording, red = replay
  const traces = join(tmp, 'traces');
  sh('sh', [join(folder, 'run.sh'), '--root', join(tmp, 'root')], { ...process.env, STRACE_DFG_TRACE: traces });
  const host = hostname().split('.')[0];
  await page.goto('about:blank');
  await app.open(`#green=host:node1&red=host:${host}`);
  await app.pickFiles([...recorded, ...stFiles(traces)]);
  await app.expectReady();
  await new AppPage(page).menuItem('export-menu', 'replay-open'); // Replay… is in the Export menu (#28.2)
  await page.getByTestId('replay-check').click();
  await expect(page.getByTestId('fidelity-score')).toHaveText('100.0 %');
  await expect(page.getByTestId('replay-fidelity').locator('tbody tr')).toHaveCount(4);
  await shots(page, app, 'replay-dialog-check');
});

test('the Pattern tab: the 16 ranks of two IOR-like Open MPI runs as loops, offsets a·rank + b, their IOR command lines', async ({ page }) => {
  const app = new AppPage(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await app.open();
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();
  await page.getByTestId('tab-pattern').click();
  await app.waitIdle();
  const tab = page.getByTestId('pattern-tab');
  // ior-like.c's parameters (e2e/fixtures/README.md): 6 × 4 KiB per rank, at rank × 24 KiB of the shared file
  await expect(tab.getByText('6 × [pwrite64 4 KiB @ +4 KiB] from 24 KiB·rank; fsync; 6 × [pread64 4 KiB @ +4 KiB] from 24 KiB·rank').first()).toBeVisible();
  // the tables pane as large as it goes (End on its handle), so that the groups are in view
  await page.getByTestId('split-tables').focus();
  await page.keyboard.press('End');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(tab.getByTestId('pattern-ior')).toHaveText(['mpirun -np 8 ior -a POSIX -F -w -r -e -t 4k -b 24k -s 1 -o /scratch/ior/fpp', 'mpirun -np 8 ior -a POSIX -w -r -e -t 4k -b 24k -s 1 -o /scratch/ior/ssf']);
  await shots(page, app, 'replay-pattern');
});

test('an insight’s “Replay with 1 MiB requests…” opens the dialog with that what-if', async ({ page }) => {
  const app = new AppPage(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  const dir = join(INS, 'small_random');
  await page.getByTestId('file-input').setInputFiles(readdirSync(dir).filter((f) => f.endsWith('.st.gz')).map((f) => ({ name: f.slice(0, -3), mimeType: 'text/plain', buffer: gunzipSync(readFileSync(join(dir, f))) })));
  await app.waitIdle();
  await app.expectReady();
  await app.tab('insights');
  await app.waitIdle();
  await page.locator('[data-code=P06]').getByTestId('finding-replay').click();
  // the dialog's chunk loads on first use: slow on a loaded 2-core box
  await expect(page.getByTestId('replay-dialog')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('replay-coalesce')).toHaveValue('1MiB');
  await app.shot('replay-dialog-from-insight-1280x720');
});
