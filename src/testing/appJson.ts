/**
 * Test helper (Node only): the app's analysis JSON of files and a link, the way the app makes it — the
 * worker's handlers over a Session, the files as dropped `File`s, the view read from the link and split by
 * `plan` as the store does — for tests that compare it with the CLI's `analyze --json`.
 */
import { readFileSync } from 'node:fs';
import { noCtx } from '../session/types';
import { Session } from '../session/session';
import { plan, readView } from '../session/view';
import { workerHandlers } from '../worker/handlers';

/** `files`: [path on disk, name as dropped (a folder's relative path)]. */
export async function appAnalysisJson(files: readonly [string, string][], link: string): Promise<unknown> {
  const { view } = readView(link, 'lenient');
  const p = plan(view);
  const h = workerHandlers(new Session());
  await h.load(noCtx(), files.map(([path, name]) => ({ file: new File([readFileSync(path)], name.replace(/^.*\//, '')), name })), { splitByPid: p.load.splitByPid });
  await h.analyze(noCtx(), p.analyze);
  return JSON.parse((await h.exportJson(noCtx())).join(''));
}
