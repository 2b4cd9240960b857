/**
 * One colour per layer (docs/METHOD.md "Layers"), the same in the graph's lanes, the flame graph and the
 * timelines: the rule table's layers have fixed colours (Tableau 10), a user's layer one chosen from its name,
 * `other` / `unknown` grey.
 */
import { OTHER_COLOR, PALETTE } from '../timeline/palette';

const FIXED: Readonly<Record<string, string>> = {
  hdf5: PALETTE[0],
  mpiio: PALETTE[1],
  stdio: PALETTE[2],
  app: PALETTE[3],
  python: PALETTE[4],
  'c++': PALETTE[5],
  netcdf: PALETTE[6],
  loader: PALETTE[7],
  mpi: PALETTE[8],
};

/** The colour of a layer (grey for `other`, `unknown` and none). */
export function layerColor(layer: string): string {
  const f = FIXED[layer];
  if (f) return f;
  if (layer === '' || layer === 'other' || layer === 'unknown') return OTHER_COLOR;
  let h = 0;
  for (let i = 0; i < layer.length; i++) h = (Math.imul(h, 31) + layer.charCodeAt(i)) >>> 0;
  return PALETTE[h % PALETTE.length];
}
