/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * `virtual:plotly-chunk-url`: the URL of the plotly chunk (the one `import('plotly.js-gl2d-dist-min')` loads)
 * in a build, null in dev: the app fetches that chunk ahead without running it (src/ui/timeline/preload.ts).
 */
function plotlyChunkUrl(): Plugin {
  let build = false;
  return {
    name: 'plotly-chunk-url',
    configResolved: (c) => void (build = c.command === 'build'),
    resolveId: (id) => (id === 'virtual:plotly-chunk-url' ? '\0plotly-chunk-url' : null),
    load(id) {
      if (id !== '\0plotly-chunk-url') return null;
      if (!build) return 'export default null;';
      const ref = this.emitFile({ type: 'chunk', id: 'plotly.js-gl2d-dist-min' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

// base './': the static build works from any sub-path of a web server, offline.
export default defineConfig({
  base: './',
  plugins: [react(), plotlyChunkUrl()],
  worker: { format: 'es' },
  // the custom mapping sandbox frame's script stays a file: its frame's policy allows that one URL, never data:
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 5000, assetsInlineLimit: (file) => (file.endsWith('sandboxFrame.js') ? false : undefined) },
  test: {
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    // every core (vitest's default leaves one free: one file at a time on the 2-core CI box, which then sat
    // half idle, e.g. 30 s on src/cli/custom.test.ts's endless-loop budget)
    maxWorkers: availableParallelism(),
  },
});
