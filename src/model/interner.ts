/** A string table: each distinct string gets a dense id, in order of first appearance. */
export class Interner {
  readonly list: string[] = [];
  private index = new Map<string, number>();

  constructor(initial: readonly string[] = []) {
    for (const s of initial) this.intern(s);
  }

  intern(s: string): number {
    let id = this.index.get(s);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(s);
      this.index.set(s, id);
    }
    return id;
  }

  get(s: string): number | undefined {
    return this.index.get(s);
  }

  get size(): number {
    return this.list.length;
  }
}

/**
 * The (call id, fp id) pairs of a log: each distinct pair gets a dense id, in order of first appearance
 * (EventLog.pairCall / pairFp). The builder interns a pair per event; the merger the pairs of each log.
 */
export class PairTable {
  readonly call: number[] = [];
  readonly fp: number[] = [];
  private readonly index = new Map<number, number>();

  intern(call: number, fp: number): number {
    const key = fp * 0x100000 + call; // < 2^52 for < 2^32 paths and < 2^20 calls
    let p = this.index.get(key);
    if (p === undefined) {
      p = this.call.length;
      this.call.push(call);
      this.fp.push(fp);
      this.index.set(key, p);
    }
    return p;
  }

  get size(): number {
    return this.call.length;
  }
}
