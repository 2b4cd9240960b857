/** Typed-array columns that grow by doubling (event logs, edge tables, scratch columns). */
export type TypedColumn = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array | Float32Array;

/** A new array of `a`'s type with room for `n` elements (n ≥ a.length), `a` copied to its start. */
export function grown<T extends TypedColumn>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
