export interface GenOptions {
  files?: number;
  mb?: number;
  seed?: number;
  out?: string;
}
export interface GenResult {
  files: number;
  mb: number;
  seed: number;
  bytes: number;
  lines: number;
  written: { name: string; bytes: number; lines: number }[];
}
export function generate(opts?: GenOptions): GenResult;
