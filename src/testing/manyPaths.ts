/**
 * Real traces for the distinct-path estimate (src/session/__fixtures__/many-paths, made with strace by its
 * make.sh): an mdtest-like shell loop creating 12,000 files (a new path every few calls) and dd copying byte
 * by byte (two paths over about as many bytes of trace), gunzipped into `dir` (the tests size and slice
 * the files as they are).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const FIX = join(__dirname, '..', 'session', '__fixtures__', 'many-paths');

export function makeManyPathsTraces(dir: string): { many: string; few: string } {
  mkdirSync(join(dir, 'many'), { recursive: true });
  mkdirSync(join(dir, 'few'), { recursive: true });
  const many = join(dir, 'many', 'mdtest_node1_0.st');
  const few = join(dir, 'few', 'dd_node1_0.st');
  writeFileSync(many, gunzipSync(readFileSync(join(FIX, 'mdtest_node1_0.st.gz'))));
  writeFileSync(few, gunzipSync(readFileSync(join(FIX, 'dd_node1_0.st.gz'))));
  return { many, few };
}
