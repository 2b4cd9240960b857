/** Page object of strace-dfg for the e2e specs: open, drop, pick files, wait on the app's idle hook. */
import { readFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { GraphModel } from '../src/ui/contracts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(HERE, 'fixtures');
export const SHOTS = join(HERE, '..', 'test-results', 'screenshots');
/** The screen sizes every UI change is looked at in (width, height): a laptop, a small desktop, a large one. */
export const SHOT_SIZES = [[1024, 700], [1280, 720], [1600, 1000]] as const;

/** Runs `each` at every size of `sizes` (SHOT_SIZES unless given), the viewport set first. */
export async function atSizes(page: Page, each: (w: number, h: number) => Promise<void>, sizes: readonly (readonly [number, number])[] = SHOT_SIZES): Promise<void> {
  for (const [w, h] of sizes) {
    await page.setViewportSize({ width: w, height: h });
    await each(w, h);
  }
}

export interface AppStateView {
  status: string;
  cases: number;
  events: number;
  errors: string[];
}

export class AppPage {
  readonly dialogs: string[] = [];
  constructor(readonly page: Page) {
    page.on('dialog', (d) => {
      this.dialogs.push(d.message());
      void d.dismiss();
    });
  }

  /** Opens the app (optionally with settings in the URL hash) and waits until it is ready. */
  async open(hash = ''): Promise<void> {
    await this.page.goto(hash ? `./#${hash.replace(/^#/, '')}` : './');
    await this.page.waitForFunction(() => !!window.__app);
    await this.waitIdle();
  }

  async waitIdle(timeoutMs?: number): Promise<void> {
    await this.page.evaluate((t) => window.__app!.waitIdle(t), timeoutMs);
  }

  graph(): Promise<GraphModel> {
    return this.page.evaluate(() => window.__app!.graph());
  }

  /** Hovers a drawn node and waits until the tooltip names it: the layout may still be settling after a pane
   * resize (a table's height change re-fits the graph), so its position is read again on each try. */
  async hoverNode(id: string): Promise<void> {
    const tip = this.page.getByTestId('graph-tooltip');
    for (let i = 0; i < 10; i++) {
      const n = (await this.graph()).nodes.find((x) => x.id === id && x.at);
      const box = await this.page.getByTestId('graph-canvas').boundingBox();
      if (n?.at && box) {
        await this.page.mouse.move(box.x + n.at.x, box.y + n.at.y);
        if ((await tip.isVisible()) && (await tip.innerText()).startsWith(id)) return;
      }
      await this.page.mouse.move(1, 1);
      await this.page.waitForTimeout(300);
    }
    throw new Error(`the tooltip never named ${id}`);
  }

  state(): Promise<AppStateView> {
    return this.page.evaluate(() => window.__app!.state());
  }

  async loadExample(): Promise<void> {
    await this.page.getByTestId('load-example').click();
    await this.waitIdle();
  }

  /** Drops files with a real DataTransfer `drop` event (names may be relative paths). */
  async dropFiles(paths: string[], timeoutMs?: number): Promise<void> {
    const files = paths.map((p) => ({ name: basename(p), b64: readFileSync(p).toString('base64') }));
    const dt = await this.page.evaluateHandle((fs) => {
      const t = new DataTransfer();
      for (const f of fs) {
        const bin = atob(f.b64);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        t.items.add(new File([bytes], f.name));
      }
      return t;
    }, files);
    await this.page.dispatchEvent('[data-testid=app]', 'dragenter', { dataTransfer: dt });
    await this.page.dispatchEvent('[data-testid=app]', 'dragover', { dataTransfer: dt });
    await this.page.dispatchEvent('[data-testid=app]', 'drop', { dataTransfer: dt });
    await this.waitIdle(timeoutMs);
  }

  /** The file picker `<input type="file" multiple data-testid="file-input">`. */
  async pickFiles(paths: string[]): Promise<void> {
    await this.page.getByTestId('file-input').setInputFiles(paths);
    await this.waitIdle();
  }

  /** The folder picker (webkitdirectory): Playwright uploads a real directory tree. */
  async pickFolder(dir: string): Promise<void> {
    await this.page.getByTestId('folder-input').setInputFiles(dir);
    await this.waitIdle();
  }

  async tab(name: 'summary' | 'mapping' | 'partition' | 'insights' | 'stats' | 'variants' | 'files' | 'compare' | 'phases' | 'time'): Promise<void> {
    await this.page.getByTestId(`tab-${name}`).click();
  }

  /** Clicks an item of a menu (the header's More and Export, the graph's ⋯): opens the menu first. */
  async menuItem(menu: 'open-menu' | 'export-menu' | 'graph-menu', item: string): Promise<void> {
    if ((await this.page.getByTestId(`${menu}-items`).count()) === 0) await this.page.getByTestId(menu).click();
    await this.page.getByTestId(item).click();
  }

  async shot(name: string, selector?: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    const path = join(SHOTS, `${name}.png`);
    if (selector) await this.page.locator(selector).first().screenshot({ path });
    else await this.page.screenshot({ path });
  }

  async expectReady(): Promise<AppStateView> {
    const s = await this.state();
    expect(s.status).toBe('ready');
    return s;
  }
}

export const fixture = (...p: string[]): string => join(FIXTURES, ...p);
