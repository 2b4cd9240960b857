export { StraceParser, parseStraceBytes, looksLikeStrace, MAX_LINE } from './strace';
export type { StraceParseOptions } from './strace';
export { sniff } from './sniff';
export { readHdf5Log, writeNativeHdf5, nativeHdf5Bytes, isHdf5, Hdf5FormatError, loadH5wasm, mountFile, unmountFile, type H5Module } from './hdf5';
