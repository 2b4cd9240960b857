/** The Replay dialog's what-if fields as typed text, and the what-ifs they make (docs/METHOD.md "Replay: what-ifs"). */
import type { WhatIfs } from '../../analysis/replay/types';
import { parseSize } from '../../lib/size';

export interface WhatIfForm {
  coalesce: string;
  align: string;
  layout: '' | 'fpp' | 'ssf';
  pread: boolean;
  noSync: boolean;
}

/** A size as the exact text the field shows: `1MiB`, `64KiB`, `1000`. */
const sizeText = (n: number | undefined): string => (!n ? '' : n % 2 ** 20 === 0 ? `${n / 2 ** 20}MiB` : n % 1024 === 0 ? `${n / 1024}KiB` : String(n));

/** The form showing these what-ifs (e.g. an insight's "replay with 1 MiB requests"). */
export function formOf(w: Partial<WhatIfs>): WhatIfForm {
  return { coalesce: sizeText(w.coalesce), align: sizeText(w.align), layout: w.layout ?? '', pread: !!w.pread, noSync: !!w.noSync };
}

/** The what-ifs of the form, or the first field that is not a size. */
export function whatIfsOf(f: WhatIfForm): { whatIfs: Partial<WhatIfs> } | { error: string } {
  const size = (name: 'coalesce' | 'align'): number | string => {
    if (!f[name].trim()) return 0;
    const n = parseSize(f[name]);
    return n === null || n < 1 ? `${name === 'coalesce' ? 'Coalesce' : 'Align'}: "${f[name]}" is not a size in bytes (4096, 64KiB, 1MiB)` : n;
  };
  const coalesce = size('coalesce');
  if (typeof coalesce === 'string') return { error: coalesce };
  const align = size('align');
  if (typeof align === 'string') return { error: align };
  return { whatIfs: { coalesce, align, layout: f.layout || null, pread: f.pread, noSync: f.noSync } };
}
