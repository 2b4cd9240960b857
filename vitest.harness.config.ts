/// <reference types="vitest/config" />
// Timing harnesses (`npm run bench:harness -- <file>`): measurements, not tests, so they are not part of
// `npm test`; each prints its figures (docs/BENCHMARKS.md).
import { defineConfig } from 'vite';

export default defineConfig({
  test: {
    include: ['tools/harness/*.harness.ts'],
    environment: 'node',
    testTimeout: 3_600_000,
  },
});
