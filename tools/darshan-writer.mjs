#!/usr/bin/env node
/**
 * A test writer of the Darshan log format (docs/FORMATS.md "Darshan logs"): log format 3.41, zlib, little
 * endian, a job record with a mount table, name records, a POSIX module (version 4 counter records, one per
 * rank and file) and a DXT_POSIX module (version 1: 32-byte segments, or 2: 40, with a thread id) whose
 * segments are the very operations the counters count. Each rank's part of a region is its own zlib stream,
 * back to back, as Darshan writes them. Written from the format itself (darshan-log-format.h,
 * darshan-posix-log-format.h, darshan-dxt-log-format.h), independently of the reader in src/ingest/darshan.
 *
 * Each rank opens one file (a shared one, or one of its own with --fpp), writes `ops` requests of `size`
 * bytes one after the other (shared: at rank × ops × size + k × size, segmented as IOR does), then reads
 * them back; durations are drawn from a seeded generator, so a seed gives the same bytes every time.
 *
 *   node tools/darshan-writer.mjs OUT.darshan [--ranks 64] [--ops 1000 | --mb 100] [--size 65536] [--fpp] [--seed 1] [--dxt-version 1]
 * (--mb: the operations per rank that make a log of about that many megabytes, measured on one rank's records)
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

export const MAGIC = 6567223;
const MODULE_SLOTS = 64;
const HEADER_BYTES = 8 + 8 + 8 + 8 + 16 + MODULE_SLOTS * 16 + MODULE_SLOTS * 4;
/** Module ids of log format 3.41 (darshan-log-format.h's module list). */
const POSIX_ID = 1;
const DXT_POSIX_ID = 10;

const SIZES = ['0_100', '100_1K', '1K_10K', '10K_100K', '100K_1M', '1M_4M', '4M_10M', '10M_100M', '100M_1G', '1G_PLUS'];
const BIN_MAX = [100, 1024, 10240, 102400, 1048576, 4194304, 10485760, 104857600, 1073741824];
/** POSIX version-4 record: its 69 integer and 17 floating-point counters, in record order. */
export const POSIX_INTS = [
  'OPENS', 'FILENOS', 'DUPS', 'READS', 'WRITES', 'SEEKS', 'STATS', 'MMAPS', 'FSYNCS', 'FDSYNCS', 'RENAME_SOURCES', 'RENAME_TARGETS',
  'RENAMED_FROM', 'MODE', 'BYTES_READ', 'BYTES_WRITTEN', 'MAX_BYTE_READ', 'MAX_BYTE_WRITTEN', 'CONSEC_READS', 'CONSEC_WRITES',
  'SEQ_READS', 'SEQ_WRITES', 'RW_SWITCHES', 'MEM_NOT_ALIGNED', 'MEM_ALIGNMENT', 'FILE_NOT_ALIGNED', 'FILE_ALIGNMENT',
  'MAX_READ_TIME_SIZE', 'MAX_WRITE_TIME_SIZE', ...SIZES.map((s) => `SIZE_READ_${s}`), ...SIZES.map((s) => `SIZE_WRITE_${s}`),
  ...[1, 2, 3, 4].map((i) => `STRIDE${i}_STRIDE`), ...[1, 2, 3, 4].map((i) => `STRIDE${i}_COUNT`),
  ...[1, 2, 3, 4].map((i) => `ACCESS${i}_ACCESS`), ...[1, 2, 3, 4].map((i) => `ACCESS${i}_COUNT`),
  'FASTEST_RANK', 'FASTEST_RANK_BYTES', 'SLOWEST_RANK', 'SLOWEST_RANK_BYTES',
].map((s) => `POSIX_${s}`);
export const POSIX_FLOATS = [
  'OPEN_START_TIMESTAMP', 'READ_START_TIMESTAMP', 'WRITE_START_TIMESTAMP', 'CLOSE_START_TIMESTAMP', 'OPEN_END_TIMESTAMP',
  'READ_END_TIMESTAMP', 'WRITE_END_TIMESTAMP', 'CLOSE_END_TIMESTAMP', 'READ_TIME', 'WRITE_TIME', 'META_TIME', 'MAX_READ_TIME',
  'MAX_WRITE_TIME', 'FASTEST_RANK_TIME', 'SLOWEST_RANK_TIME', 'VARIANCE_RANK_TIME', 'VARIANCE_RANK_BYTES',
].map((s) => `POSIX_F_${s}`);

/** mulberry32: a small seeded generator (the same log for the same seed). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 64-bit record id of a name (two FNV-1a halves): [lo, hi]. */
function recordId(name) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < name.length; i++) {
    a = Math.imul(a ^ name.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ name.charCodeAt(i), 0x811c9dc5) >>> 0;
  }
  return [a, b];
}

const sizeBin = (n) => {
  for (let k = 0; k < BIN_MAX.length; k++) if (n < BIN_MAX[k] || (k === 0 && n <= 100)) return k;
  return BIN_MAX.length;
};

/** The operations of one rank: its file, and per operation (writes first, then reads) offset, length, start, end. */
function rankOps(o, rank) {
  const rand = rng(o.seed * 1000003 + rank);
  const file = o.fpp ? `/scratch/bench/data.${String(rank).padStart(5, '0')}` : '/scratch/bench/shared.dat';
  const base = o.fpp ? 0 : rank * o.ops * o.size;
  const n = 2 * o.ops;
  const off = new Float64Array(n);
  const len = new Float64Array(n);
  const t0 = new Float64Array(n);
  const t1 = new Float64Array(n);
  let t = 0.05 + rand() * 0.01;
  for (let k = 0; k < n; k++) {
    const i = k % o.ops;
    off[k] = base + i * o.size;
    len[k] = o.size;
    if (k === o.ops) t += 0.02 + rand() * 0.01; // between the write and the read phase
    // times in whole microseconds (clock_gettime's resolution on many systems): start, then a duration
    t = Math.round((t + Math.floor(rand() * 4) * 1e-6) * 1e6) / 1e6;
    t0[k] = t;
    t = Math.round((t + 2e-5 + Math.floor(rand() * 8) * 1e-6) * 1e6) / 1e6;
    t1[k] = t;
  }
  return { file, off, len, t0, t1, writes: o.ops, reads: o.ops };
}

/** One rank's POSIX counter record: what its operations add up to (Darshan's definitions). */
function posixRecord(r, rank) {
  const ints = new Map(POSIX_INTS.map((n) => [n, 0]));
  const floats = new Map(POSIX_FLOATS.map((n) => [n, 0]));
  const add = (k, v) => ints.set(k, ints.get(k) + v);
  ints.set('POSIX_OPENS', 1);
  ints.set('POSIX_MODE', 0o644);
  ints.set('POSIX_MEM_ALIGNMENT', 8);
  ints.set('POSIX_FILE_ALIGNMENT', 4096);
  const counts = new Map();
  let last = -1;
  for (const [dir, from, to] of [['WRITE', 0, r.writes], ['READ', r.writes, r.writes + r.reads]]) {
    let lastByte = 0;
    let time = 0;
    let maxTime = 0;
    let maxTimeSize = 0;
    for (let k = from; k < to; k++) {
      const o = r.off[k];
      const n = r.len[k];
      add(`POSIX_${dir}S`, 1);
      add(dir === 'READ' ? 'POSIX_BYTES_READ' : 'POSIX_BYTES_WRITTEN', n);
      const maxKey = dir === 'READ' ? 'POSIX_MAX_BYTE_READ' : 'POSIX_MAX_BYTE_WRITTEN';
      ints.set(maxKey, Math.max(ints.get(maxKey), o + n - 1));
      // Darshan: consecutive = starts right after the last byte of the previous request; sequential = after
      // it (consecutive ones too); the last byte is 0 at open, so a first request at offset 0 is neither
      if (o === lastByte + 1) add(`POSIX_CONSEC_${dir}S`, 1);
      if (o > lastByte) add(`POSIX_SEQ_${dir}S`, 1);
      lastByte = o + n - 1;
      add(`POSIX_SIZE_${dir}_${SIZES[sizeBin(n)]}`, 1);
      if (o % 4096 !== 0) add('POSIX_FILE_NOT_ALIGNED', 1);
      counts.set(n, (counts.get(n) ?? 0) + 1);
      const d = r.t1[k] - r.t0[k];
      time += d;
      if (d > maxTime) [maxTime, maxTimeSize] = [d, n];
    }
    if (to > from) {
      floats.set(`POSIX_F_${dir}_START_TIMESTAMP`, r.t0[from]);
      floats.set(`POSIX_F_${dir}_END_TIMESTAMP`, r.t1[to - 1]);
      floats.set(`POSIX_F_${dir}_TIME`, time);
      floats.set(`POSIX_F_MAX_${dir}_TIME`, maxTime);
      ints.set(`POSIX_MAX_${dir}_TIME_SIZE`, maxTimeSize);
      if (last >= 0 && last !== (dir === 'READ' ? 1 : 0)) add('POSIX_RW_SWITCHES', 1);
      last = dir === 'READ' ? 1 : 0;
    }
  }
  [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, 4).forEach(([size, c], i) => {
    ints.set(`POSIX_ACCESS${i + 1}_ACCESS`, size);
    ints.set(`POSIX_ACCESS${i + 1}_COUNT`, c);
  });
  ints.set('POSIX_FASTEST_RANK', rank);
  ints.set('POSIX_SLOWEST_RANK', rank);
  const first = r.t0[0] - 1e-4;
  const end = r.t1[r.t0.length - 1];
  floats.set('POSIX_F_OPEN_START_TIMESTAMP', first);
  floats.set('POSIX_F_OPEN_END_TIMESTAMP', first + 5e-5);
  floats.set('POSIX_F_CLOSE_START_TIMESTAMP', end + 1e-5);
  floats.set('POSIX_F_CLOSE_END_TIMESTAMP', end + 3e-5);
  floats.set('POSIX_F_META_TIME', 7e-5);
  const [lo, hi] = recordId(r.file);
  const b = Buffer.alloc(16 + 8 * (POSIX_INTS.length + POSIX_FLOATS.length));
  b.writeUInt32LE(lo, 0);
  b.writeUInt32LE(hi, 4);
  b.writeBigInt64LE(BigInt(rank), 8);
  POSIX_INTS.forEach((n, k) => b.writeBigInt64LE(BigInt(ints.get(n)), 16 + 8 * k));
  POSIX_FLOATS.forEach((n, k) => b.writeDoubleLE(floats.get(n), 16 + 8 * (POSIX_INTS.length + k)));
  return b;
}

/** One rank's DXT_POSIX record: id, rank, shared flag, host name (64 bytes), write and read counts, segments. */
function dxtRecord(r, rank, host, version) {
  const seg = version >= 2 ? 40 : 32;
  const n = r.writes + r.reads;
  const b = Buffer.alloc(104 + seg * n);
  const [lo, hi] = recordId(r.file);
  b.writeUInt32LE(lo, 0);
  b.writeUInt32LE(hi, 4);
  b.writeBigInt64LE(BigInt(rank), 8);
  b.write(host, 24, 63, 'latin1');
  b.writeBigUInt64LE(BigInt(r.writes), 88);
  b.writeBigUInt64LE(BigInt(r.reads), 96);
  for (let k = 0; k < n; k++) {
    const at = 104 + seg * k;
    b.writeBigInt64LE(BigInt(r.off[k]), at);
    b.writeBigInt64LE(BigInt(r.len[k]), at + 8);
    b.writeDoubleLE(r.t0[k], at + 16);
    b.writeDoubleLE(r.t1[k], at + 24);
    if (seg === 40) b.writeBigUInt64LE(BigInt(140000000000000 + rank), at + 32);
  }
  return b;
}

/** The job record of format 3.41: uid, start s/ns, end s/ns, nprocs, jobid, 1024 bytes of metadata, command line and mounts. */
function jobRecord(o, end) {
  const meta = Buffer.alloc(1024);
  meta.write('lib_ver=3.4.4\nh=romio_no_indep_rw=true;cb_nodes=4\n', 'latin1');
  const fixed = Buffer.alloc(56);
  const start = 1700000000;
  const v = [1000, start, 0, start + Math.floor(end), Math.round((end % 1) * 1e9), o.ranks, 4242];
  v.forEach((x, k) => fixed.writeBigInt64LE(BigInt(x), 8 * k));
  const tail = Buffer.from(`/usr/bin/ior-like -w -r -t ${o.size} ${o.fpp ? '-F' : ''}`.trim() + '\nlustre\t/scratch\nxfs\t/\0', 'latin1');
  return Buffer.concat([fixed, meta, tail]);
}

/** Operations per rank that give a log of about `mb` megabytes: one rank's records compressed, scaled. */
export function opsForMb(o, mb) {
  const probe = { ...o, ops: 20000 };
  const r = rankOps(probe, 0);
  const perOp = deflateSync(dxtRecord(r, 0, 'node0000', o.dxtVersion)).length / (r.writes + r.reads);
  return Math.max(1, Math.round((mb * 1e6) / (o.ranks * 2 * perOp)));
}

/**
 * The log's bytes. Options: ranks, ops (writes per rank = reads per rank), size (bytes a request), fpp (a file
 * per rank), seed, dxtVersion (1 or 2), hostsPerNode (ranks on one host name).
 */
export function writeDarshanLog(opts = {}) {
  const o = { ranks: 4, ops: 100, size: 65536, fpp: false, seed: 1, dxtVersion: 1, ranksPerHost: 8, ...opts };
  const posix = [];
  const dxt = [];
  const names = new Map();
  let end = 0;
  for (let rank = 0; rank < o.ranks; rank++) {
    const r = rankOps(o, rank);
    names.set(r.file, recordId(r.file));
    posix.push(deflateSync(posixRecord(r, rank)));
    dxt.push(deflateSync(dxtRecord(r, rank, `node${String(Math.floor(rank / o.ranksPerHost)).padStart(4, '0')}`, o.dxtVersion)));
    end = Math.max(end, r.t1[r.t1.length - 1]);
  }
  const nameBytes = Buffer.concat([...names].map(([name, [lo, hi]]) => {
    const b = Buffer.alloc(8 + Buffer.byteLength(name, 'latin1') + 1);
    b.writeUInt32LE(lo, 0);
    b.writeUInt32LE(hi, 4);
    b.write(name, 8, 'latin1');
    return b;
  }));
  const job = deflateSync(jobRecord(o, end + 0.1));
  const nameRegion = deflateSync(nameBytes);
  const posixRegion = Buffer.concat(posix);
  const dxtRegion = Buffer.concat(dxt);
  const h = Buffer.alloc(HEADER_BYTES);
  h.write('3.41', 0, 'latin1');
  h.writeBigUInt64LE(BigInt(MAGIC), 8);
  h.writeUInt32LE(0, 16); // zlib
  h.writeBigUInt64LE(0n, 24); // no partial module
  let at = HEADER_BYTES + job.length;
  const region = (slot, len) => {
    h.writeBigUInt64LE(BigInt(at), slot);
    h.writeBigUInt64LE(BigInt(len), slot + 8);
    at += len;
  };
  region(32, nameRegion.length);
  const map = 48;
  region(map + 16 * POSIX_ID, posixRegion.length);
  region(map + 16 * DXT_POSIX_ID, dxtRegion.length);
  const ver = map + 16 * MODULE_SLOTS;
  h.writeUInt32LE(4, ver + 4 * POSIX_ID);
  h.writeUInt32LE(o.dxtVersion, ver + 4 * DXT_POSIX_ID);
  return new Uint8Array(Buffer.concat([h, job, nameRegion, posixRegion, dxtRegion]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, ...rest] = process.argv.slice(2);
  const a = Object.fromEntries(rest.reduce((acc, x, i, all) => (x.startsWith('--') ? [...acc, [x.slice(2), all[i + 1]?.startsWith('--') || all[i + 1] === undefined ? 'true' : all[i + 1]]] : acc), []));
  if (!out) {
    console.error('usage: node tools/darshan-writer.mjs OUT.darshan [--ranks 64] [--ops 1000 | --mb 100] [--size 65536] [--fpp] [--seed 1] [--dxt-version 1]');
    process.exit(2);
  }
  const o = { ranks: Number(a.ranks ?? 64), size: Number(a.size ?? 65536), fpp: a.fpp === 'true', seed: Number(a.seed ?? 1), dxtVersion: Number(a['dxt-version'] ?? 1) };
  const ops = a.mb ? opsForMb(o, Number(a.mb)) : Number(a.ops ?? 1000);
  const bytes = writeDarshanLog({ ...o, ops });
  writeFileSync(out, bytes);
  console.log(`${out}: ${(bytes.length / 1e6).toFixed(1)} MB, ${o.ranks} ranks × ${ops} writes + ${ops} reads = ${2 * o.ranks * ops} DXT segments`);
}
