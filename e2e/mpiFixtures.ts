/** The real multi-rank runs of e2e/fixtures (gzip'd, see the README there), handed to the page's file picker. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AppPage } from './app';
import { FIXTURES } from './app';

export type MpiFixture = 'ior-ssf-fpp' | 'ior-mpiio' | 'make-threads' | 'ior-untraced';
export const MPI_FIXTURES: MpiFixture[] = ['ior-ssf-fpp', 'ior-mpiio', 'make-threads'];

export function mpiFiles(name: MpiFixture): { name: string; mimeType: string; buffer: Buffer }[] {
  const dir = join(FIXTURES, name);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.st.gz'))
    .sort()
    .map((f) => ({ name: f.slice(0, -3), mimeType: 'text/plain', buffer: gunzipSync(readFileSync(join(dir, f))) }));
}

/** Opens the traces of one fixture with the file picker and waits until the graph is drawn. */
export async function loadMpi(app: AppPage, name: MpiFixture): Promise<void> {
  await app.page.getByTestId('file-input').setInputFiles(mpiFiles(name));
  // 16 traces, the analysis and the first view's layouts: more than waitIdle's 30 s on a loaded 2-core box
  await app.page.evaluate(() => window.__app!.waitIdle(120_000));
}
