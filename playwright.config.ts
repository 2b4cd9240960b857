import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tools/needs.mjs';

// E2E_PORT lets several checkouts on one machine run their e2e tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export default defineConfig({
  testDir: 'e2e',
  // Generous: the 2-core CI box is shared; a cold first test under load took > 60 s once.
  timeout: 120_000,
  retries: 0,
  // two at a time on two cores (or more): the journeys wait on the page much of their time; one core: one
  workers: Math.min(2, availableParallelism()),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    launchOptions: {
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
    viewport: { width: 1400, height: 900 },
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    // Generous: the 2-core CI box is shared; a cold first test under load took > 60 s once.
  timeout: 120_000,
  },
});
