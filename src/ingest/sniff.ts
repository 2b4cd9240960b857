/**
 * Content sniffing: which importer reads a file. Content first; the file name only breaks ties
 * for an empty `.st` file. The HDF5 check is the format signature (`\x89HDF\r\n\x1a\n` at offset 0 or at
 * a user-block offset 512, 1024, … within the head), kept here so that sniffing needs no h5wasm.
 */
import { looksLikeStrace } from './strace/looks';

const HDF5_SIG = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

function hdf5SignatureAt(head: Uint8Array, o: number): boolean {
  if (o + 8 > head.length) return false;
  for (let k = 0; k < 8; k++) if (head[o + k] !== HDF5_SIG[k]) return false;
  return true;
}

/** 'strace' | 'hdf5' | null (not a format strace-dfg reads) from a file name and its first KiB(s). */
export function sniff(name: string, head: Uint8Array): 'strace' | 'hdf5' | null {
  if (hdf5SignatureAt(head, 0)) return 'hdf5';
  for (let o = 512; o + 8 <= head.length; o *= 2) if (hdf5SignatureAt(head, o)) return 'hdf5';
  if (looksLikeStrace(head)) return 'strace';
  if (head.length === 0 && /\.st(\.\d+)?$/.test(name)) return 'strace';
  return null;
}
