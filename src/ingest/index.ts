export { StraceParser, parseStraceBytes, looksLikeStrace, MAX_LINE } from './strace';
export type { StraceParseOptions } from './strace';
export { sniff } from './sniff';
// (the HDF5 importer's exports go here)
