/**
 * Real traces for the distinct-path estimate, made with strace at test time (a few seconds): an
 * mdtest-like shell loop creating `files` files (a new path every few calls) and dd copying byte by byte
 * (two paths over about as many bytes of trace).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export function makeManyPathsTraces(dir: string, files = 12_000): { many: string; few: string } {
  const work = join(dir, 'work');
  mkdirSync(work, { recursive: true });
  mkdirSync(join(dir, 'many'), { recursive: true });
  mkdirSync(join(dir, 'few'), { recursive: true });
  const many = join(dir, 'many', 'mdtest_node1_0.st');
  const few = join(dir, 'few', 'dd_node1_0.st');
  execFileSync('strace', ['-f', '-tt', '-T', '-y', '-o', many, 'sh', '-c', `i=0; while [ $i -lt ${files} ]; do : > f$i; i=$((i+1)); done`], { cwd: work });
  execFileSync('strace', ['-f', '-tt', '-T', '-y', '-o', few, 'dd', 'if=/dev/zero', `of=${join(work, 'copy')}`, 'bs=1', `count=${Math.round(files * 2.5)}`, 'status=none']);
  return { many, few };
}
