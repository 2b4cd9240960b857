/**
 * The Darshan importer: a `.darshan` log is recognised by its header (a `3.NN` version string and
 * Darshan's magic number in either byte order), whatever its name, and read on a parse thread. The reader
 * itself (and pako) is loaded on the first Darshan log only.
 */
import type { Importer } from '../importer';
import { CancelledError } from '../source';
import { isDarshan } from './header';

export const darshanImporter: Importer = {
  id: 'darshan',
  pooled: true,
  sequential: false,
  sniff: (head) => isDarshan(head),
  async read(source, _head, _opts, ctx) {
    const { readDarshanLogFast } = await import('./index');
    const bytes = await source.read(0, source.size);
    if (ctx.cancel.cancelled) throw new CancelledError();
    const log = await readDarshanLogFast(source.name, bytes);
    ctx.onBytes(source.size);
    return log;
  },
};
