/** Drishti codes strace cannot support, and why (listed by the CLI and the panel). */
import type { Unobservable } from './types';

const MPI_WHY = 'MPI-IO is a library layer: its calls (collective or independent, blocking or not, the aggregators) never reach the kernel as such, so strace sees only the POSIX calls they turn into.';

export const UNOBSERVABLE: readonly Unobservable[] = [
  { code: 'S01', title: 'STDIO usage', why: 'fread/fwrite/fprintf are library calls: strace sees the read/write system calls stdio makes from its buffer, not the STDIO requests themselves or their number.' },
  { code: 'P07', title: 'Misaligned memory requests', why: 'strace prints the contents of a read or write buffer, not its address, so the memory alignment of requests is unknown.' },
  { code: 'M01', title: 'MPI-IO not used', why: MPI_WHY },
  { code: 'M02', title: 'No collective MPI-IO reads', why: MPI_WHY },
  { code: 'M03', title: 'No collective MPI-IO writes', why: MPI_WHY },
  { code: 'M04', title: 'Collective MPI-IO reads', why: MPI_WHY },
  { code: 'M05', title: 'Collective MPI-IO writes', why: MPI_WHY },
  { code: 'M06', title: 'Blocking MPI-IO reads', why: MPI_WHY },
  { code: 'M07', title: 'Blocking MPI-IO writes', why: MPI_WHY },
  { code: 'M08', title: 'MPI-IO aggregators (intra-node)', why: `${MPI_WHY} The cb_nodes hint and the node of each aggregator are not in the trace.` },
  { code: 'M09', title: 'MPI-IO aggregators (inter-node)', why: `${MPI_WHY} The cb_nodes hint and the node of each aggregator are not in the trace.` },
  { code: 'M10', title: 'MPI-IO aggregators OK', why: MPI_WHY },
];
