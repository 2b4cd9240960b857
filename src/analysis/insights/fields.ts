/**
 * The fields of a (case, file) record of the insights context (context.ts): Darshan-like counters per case
 * and file. Fields before R_MAX_R are sums over records (files.ts adds them up per file); R_MAX_R … R_MAXDUR
 * are maxima; the rest is the per-event pass's state. Each read field is followed by its write field
 * (R_READS, R_WRITES; R_KNOWN_R, R_KNOWN_W; …): the pass adds 0 for a read, 1 for a write.
 */
export const R_CALLS = 0;
export const R_FAIL = 1;
/** Successful reads / writes (errno 0, a size), their bytes, and those below `small_bytes`. */
export const R_READS = 2;
export const R_WRITES = 3;
export const R_RBYTES = 4;
export const R_WBYTES = 5;
export const R_SMALL_R = 6;
export const R_SMALL_W = 7;
/** Σ dur of the reads, of the writes and fsync-type calls, of the metadata calls (Darshan's META_TIME). */
export const R_RTIME = 8;
export const R_WTIME = 9;
export const R_MTIME = 10;
/** Name lookups (T01's calls; fstat-by-fd not counted), failing ones, successful opens, fsync-type calls. */
export const R_LOOKUPS = 11;
export const R_LOOKUP_FAIL = 12;
export const R_OPENS = 13;
export const R_SYNCS = 14;
/** Reads/writes directly after an lseek of the same file by the same pid, and the time of those lseeks. */
export const R_SEEKPAIRS = 15;
/** Reads / writes whose offset is known, and their access pattern (Darshan's consecutive, sequential). */
export const R_KNOWN_R = 16;
export const R_KNOWN_W = 17;
export const R_CONSEC_R = 18;
export const R_CONSEC_W = 19;
export const R_SEQ_R = 20;
export const R_SEQ_W = 21;
/** Requests (reads + writes) with a known offset not a multiple of the alignment. */
export const R_MISALIGNED = 22;
/** Σ dur of: the small reads, the small writes, the misaligned requests, the random reads, the random writes. */
export const R_SMALL_RTIME = 23;
export const R_SMALL_WTIME = 24;
export const R_MIS_TIME = 25;
export const R_RAND_RTIME = 26;
export const R_RAND_WTIME = 27;
/** Σ dur of the fsync-type calls; of the lseeks of R_SEEKPAIRS. */
export const R_SYNC_TIME = 28;
export const R_SEEK_TIME = 29;
/** Successful reads / writes whose offset is unknown (position not followed: docs/FORMATS.md "Offsets"). */
export const R_UNKNOWN_R = 30;
export const R_UNKNOWN_W = 31;
/** Highest byte end read / written (offset + size), −1 = none known (maxima, not sums). */
export const R_MAX_R = 32;
export const R_MAX_W = 33;
/** The longest single call on the file in the case (seconds). */
export const R_MAXDUR = 34;
/** State of the pass: the first pid of the record and its last byte read / written (Darshan's last_byte). */
export const R_PID = 35;
export const R_LAST_R = 36;
export const R_LAST_W = 37;
export const NF = 38;
