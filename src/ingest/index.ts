export { StraceParser, parseStraceBytes, looksLikeStrace, MAX_LINE } from './strace';
export type { StraceParseOptions } from './strace';
export { IMPORTERS, identify, importerFor, importerById, isIdentified, unidentifiedMessage, namedLikeTrace, FileFormatError, HEAD_BYTES, type Importer, type ImportOptions, type ImportContext, type Identified, type Unidentified } from './registry';
export { bytesSource, chunksOf, CancelledError, CHUNK, type ByteSource, type Cancel } from './source';
export { readHdf5Log, writeNativeHdf5, nativeHdf5Bytes, isHdf5, Hdf5FormatError, loadH5wasm, mountFile, unmountFile, type H5Module } from './hdf5';
export { isGzip, gunzipSource, gunzippedName, webInflate, defaultInflate, forReading, type Inflate } from './gzip';
