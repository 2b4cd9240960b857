/** HDF5 event logs: read every layout of docs/FORMATS.md "HDF5 event logs", write the native one. The only code importing h5wasm. */
export { Hdf5FormatError, isHdf5, asH5Module, type H5Module, type H5Namespace } from './types';
export { loadH5wasm, mountFile, unmountFile, putBytes, removeFile, type NamedBlob } from './load';
export { readHdf5Log, CLOCK_LIMIT, type Hdf5ReadOptions } from './read';
export { writeNativeHdf5, nativeHdf5Bytes, NATIVE_FORMAT, NATIVE_VERSION, type NativeWriteOptions } from './native';
export { parsePickledStringList } from './pickle';
