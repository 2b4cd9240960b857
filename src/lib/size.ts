/** Byte sizes as people write them: `4096`, `4k`, `64KiB`, `1M`, `1MiB`, `1.5 GB` — binary units (1 KiB = 1024 B). */

const UNIT: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3, t: 1024 ** 4, tb: 1024 ** 4, tib: 1024 ** 4 };

/** The bytes of a size text (a whole number of bytes), or null when it is not one. */
export function parseSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return null;
  const unit = UNIT[m[2].toLowerCase()];
  if (unit === undefined) return null;
  const v = Number(m[1]) * unit;
  return Number.isSafeInteger(v) ? v : null;
}

/** The most deflate (gzip) compresses: 1032:1. C compressed bytes hold at most C times this. */
export const MAX_GZIP_RATIO = 1032;
