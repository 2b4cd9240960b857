export { StraceParser, parseStraceBytes, MAX_LINE } from './parser';
export type { StraceParseOptions } from './parser';
export { looksLikeStrace } from './looks';
