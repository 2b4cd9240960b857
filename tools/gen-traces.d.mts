export interface GenOptions {
  files?: number;
  mb?: number;
  seed?: number;
  out?: string;
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
