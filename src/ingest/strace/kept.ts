/**
 * The thread's last finished strace parser, kept (without its event columns: EventLogBuilder.release) until
 * the next one finishes. V8's optimised code of the parser checks the hidden classes (maps) of the parser's
 * objects and holds them weakly: when a major GC finds no object of those classes alive — between two files,
 * e.g. the bench's gc() before each round, or a GC while a load awaits its next file — the maps die, all of
 * that code is thrown away ("weak objects") and the next file runs in the interpreter until it is optimised
 * again: ~100 such deoptimisations in 4 rounds of the bench set, every round after the first as slow as a
 * first one (docs/BENCHMARKS.md "ingest12"). A parser kept alive keeps its objects' maps alive.
 */
let last: object | null = null;

/** Keeps `parser` (a finished StraceParser) as the thread's last. */
export function keepShapes(parser: object): void {
  last = parser;
}

/** The thread's last finished parser (for tests). */
export function keptParser(): object | null {
  return last;
}
