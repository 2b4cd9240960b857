export interface GenOptions {
  files?: number;
  mb?: number;
  seed?: number;
  out?: string;
  /** 'long' (~208 bytes a line, the default) or 'short' (~125, as real traces). */
  lines?: 'long' | 'short';
}
export const GEN_VERSION: number;
export interface GenResult {
  version: number;
  files: number;
  mb: number;
  seed: number;
  bytes: number;
  lines: number;
  written: { name: string; bytes: number; lines: number }[];
}
export function generate(opts?: GenOptions): GenResult;
