/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// base './': the static build works from any sub-path of a web server, offline.
export default defineConfig({
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  // the custom mapping sandbox frame's script stays a file: its frame's policy allows that one URL, never data:
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 5000, assetsInlineLimit: (file) => (file.endsWith('sandboxFrame.js') ? false : undefined) },
  test: {
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
  },
});
