/** nextUp: the smallest double above x (the end key of a zero-length event, docs/METHOD.md "Statistics"). */
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
F64[0] = 1;
const HI = U32[1] === 0x3ff00000 ? 1 : 0;
const LO = 1 - HI;

/** The smallest double greater than x (x finite). */
export function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  F64[0] = x;
  if (x > 0) {
    if (U32[LO] === 0xffffffff) {
      U32[LO] = 0;
      U32[HI]++;
    } else U32[LO]++;
  } else if (U32[LO] === 0) {
    U32[LO] = 0xffffffff;
    U32[HI]--;
  } else U32[LO]--;
  return F64[0];
}

