/**
 * The timeline's warm-up (preload.ts) counts as UI work (waitIdle) from the moment its modules are in until the
 * spare plot is made: run in an idle callback after the page had gone idle, its ~0.5 s evaluation of plotly
 * landed on the next step (bench:browser's mapping change, drop-trace: a 527 ms task 20 ms after idle).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiPending } from '../idle';

let warmed: () => void = () => undefined;
vi.mock('./plotly', () => ({ loadPlotly: () => Promise.resolve({}) }));
vi.mock('./warmPlot', () => ({ warmPlot: () => new Promise<void>((r) => (warmed = r)) }));

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

describe('preloadTimeline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the page is busy from the modules in to the spare plot made, not before', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const { preloadTimeline } = await import('./preload');
    preloadTimeline();
    // waiting for the browser to be idle (and then for the fetch): not busy
    expect(uiPending()).toBe(0);
    idle.shift()!(); // fetch the modules
    await flush();
    expect(uiPending()).toBe(1);
    idle.shift()!(); // run plotly and make the spare plot
    await flush();
    expect(uiPending()).toBe(1);
    warmed();
    await flush();
    expect(uiPending()).toBe(0);
  });
});
