/**
 * The layer in the activity (docs/METHOD.md "Layers"; view key `layer=1`, CLI `--by-layer`): the log whose
 * pair table is per (call, fp, layer) — each event's pair says its layer too — so the mapping makes
 * `hdf5 › pwrite64:/scratch` and the DFG shows how the layers hand the I/O down. Call names stay the calls'
 * (insights, access patterns and the comparison classify calls by name); the layer of each pair is kept
 * beside the pair table (`pairLayers`), which the logs derived from this one (time windows, case filters)
 * share. Columns other than `pair` are shared with the log.
 */
import type { EventLog } from '../../model';
import { layerInfo, type LayerInfo } from './classify';

/** Between the layer and the activity in an activity name of a layered log. */
export const LAYER_SEP = ' › ';

/** The call of a layered name: `hdf5 › pwrite64` → `pwrite64` (names without a layer as they are). */
export function bareCall(name: string): string {
  const k = name.indexOf(LAYER_SEP);
  return k < 0 ? name : name.slice(k + LAYER_SEP.length);
}

/** The layer name of each pair of `log` when it is a layered log (layeredLog), else null. */
export function pairLayers(log: EventLog): { readonly layer: Uint8Array; readonly names: readonly string[] } | null {
  return log.pairLayer ?? null;
}

/** The per-event pass, alone in its function: each event's new pair, interned on first use. */
function remapPairs(log: EventLog, info: LayerInfo, newPair: (p: number, l: number) => number): Uint32Array {
  const out = new Uint32Array(log.n);
  const stack = log.stack ?? null;
  const col = log.layer ?? null;
  const { ofStack, ofColumn, unknown } = info;
  for (let i = 0; i < log.n; i++) {
    const s = stack !== null ? stack[i] : 0;
    const l = s !== 0 && ofStack !== null ? ofStack[s] : col !== null && ofColumn !== null ? ofColumn[col[i]] : ofStack !== null ? ofStack[s] : unknown;
    out[i] = newPair(log.pair[i], l);
  }
  return out;
}

/** The log with each pair's layer (`log` itself when it has no layers, or is layered already). Made once per log
 * and rules by the log's LogIndex (`mapped`). */
export function layeredLog(log: EventLog, rules?: readonly string[]): EventLog {
  if (pairLayers(log)) return log;
  const info = layerInfo(log, rules);
  if (!info) return log;
  const L = info.names.length;
  const P = log.pairCall.length;
  // a pair per (pair, layer) met, numbered in order of first use
  const fromPair: number[] = [];
  const layerOfPair: number[] = [];
  const dense = P * L <= 1 << 22 ? new Int32Array(P * L).fill(-1) : null;
  const sparse = new Map<number, number>();
  const newPair = (p: number, l: number): number => {
    const k = p * L + l;
    let q = dense !== null ? dense[k] : (sparse.get(k) ?? -1);
    if (q < 0) {
      q = fromPair.push(p) - 1;
      layerOfPair.push(l);
      if (dense !== null) dense[k] = q;
      else sparse.set(k, q);
    }
    return q;
  };
  const pair = remapPairs(log, info, newPair);
  const pairCall = Uint32Array.from(fromPair, (p) => log.pairCall[p]);
  return { ...log, pair, pairCall, pairFp: Uint32Array.from(fromPair, (p) => log.pairFp[p]), pairLayer: { layer: Uint8Array.from(layerOfPair), names: info.names } };
}
