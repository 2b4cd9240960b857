import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..', '..');

describe('StraceParser.kept in a bundle (vite, as the CLI, the workers and the bench are built)', () => {
  it('still keeps the last finished parser: the bundler does not drop the write (a module variable nothing read was dropped)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kept-bundle-'));
    try {
      const { build } = await import('vite');
      await build({
        root, configFile: false, logLevel: 'silent',
        build: { ssr: join(root, 'src/ingest/strace/index.ts'), outDir: out, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: 'strace.mjs' } } },
      });
      const m = (await import(pathToFileURL(join(out, 'strace.mjs')).href)) as typeof import('./index');
      const p = new m.StraceParser('a_node1_1.st');
      p.push(readFileSync(join(__dirname, '__fixtures__', 'a_node1_1.st')));
      p.finish();
      expect(m.StraceParser.kept).toBe(p);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
