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
