export interface DarshanWriterOptions {
  ranks?: number;
  /** Writes per rank (and as many reads). */
  ops?: number;
  /** Bytes a request. */
  size?: number;
  /** A file per rank instead of one shared file. */
  fpp?: boolean;
  seed?: number;
  /** DXT_POSIX record version: 1 (32-byte segments) or 2 (40, with a thread id). */
  dxtVersion?: 1 | 2;
  ranksPerHost?: number;
}
export const MAGIC: number;
export const POSIX_INTS: string[];
export const POSIX_FLOATS: string[];
export function writeDarshanLog(opts?: DarshanWriterOptions): Uint8Array;
export function opsForMb(opts: DarshanWriterOptions & { ranks: number; dxtVersion: number }, mb: number): number;
