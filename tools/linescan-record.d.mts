export interface RecordField {
  name: string;
  type: 'i32' | 'f64';
  at: number;
  doc: string;
}
export const FIELDS: readonly RecordField[];
export const STRIDE: number;
export function checkLayout(fields?: readonly RecordField[], stride?: number): void;
export function cHeader(fields?: readonly RecordField[], stride?: number): string;
export function tsConstants(fields?: readonly RecordField[], stride?: number): string;
