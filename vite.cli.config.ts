import { defineConfig } from 'vite';

// The Node command line, bundled into one ESM file that runs with plain `node`.
export default defineConfig({
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'strace-dfg.mjs', banner: '#!/usr/bin/env node' } },
  },
  ssr: { noExternal: true },
});
