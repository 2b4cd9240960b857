/** The strace importer: sniffed by content (or an empty head named `.st`), streamed through StraceParser. */
import type { Importer } from '../registry';
import { chunksOf } from '../source';
import { looksLikeStrace } from './looks';
import { StraceParser } from './parser';

export const straceImporter: Importer = {
  id: 'strace',
  pooled: true,
  sniff: (head, name) => looksLikeStrace(head) || (head.length === 0 && /\.st(\.\d+)?$/.test(name)),
  async read(source, _head, opts, ctx) {
    const parser = new StraceParser(source.name, opts.pathFilter ? { pathFilter: opts.pathFilter } : {});
    // The parser copies whatever it keeps of a chunk (carried partial lines, interned keys): a source may
    // hand the same buffer back for every chunk.
    for await (const chunk of chunksOf(source, opts.chunk, ctx.cancel)) {
      parser.push(chunk);
      ctx.onBytes(chunk.byteLength);
    }
    return parser.finish();
  },
};
