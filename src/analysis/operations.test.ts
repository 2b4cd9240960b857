/** The call-name meeting point (analysis/operations.ts): strace's calls and Darshan's DXT operations by operation. */
import { describe, expect, it } from 'vitest';
import { operationOf } from './operations';

describe('operationOf', () => {
  it.each([
    ['pwrite64', 'write'], ['write', 'write'], ['writev', 'write'], ['POSIX write', 'write'], ['aio_pwrite', 'write'],
    ['pread64', 'read'], ['POSIX read', 'read'], ['openat', 'open'], ['lseek', 'seek'], ['fdatasync', 'sync'], ['newfstatat', 'stat'],
    ['hdf5 › pwrite64', 'hdf5 › write'],
    // no system call is an MPI-IO operation, and calls of no class keep their names
    ['MPIIO write_all', 'MPIIO write_all'], ['MPIIO read', 'MPIIO read'], ['mmap', 'mmap'], ['close', 'close'],
  ])('%s → %s', (call, op) => expect(operationOf(call)).toBe(op));
});
