import { defineConfig } from 'vite';

// The Node command line, bundled into one ESM file that runs with plain `node`.
export default defineConfig({
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: {
      // h5wasm (a dependency) stays a runtime import: src/ingest/hdf5 picks its Node build (host file system)
      external: ['h5wasm', 'h5wasm/node'],
      output: { entryFileNames: 'strace-dfg.mjs', banner: '#!/usr/bin/env node' },
    },
  },
  ssr: { noExternal: true },
});
