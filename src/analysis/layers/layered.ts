/**
 * The layer in the activity (docs/METHOD.md "Layers"; view key `layer=1`, CLI `--by-layer`): the log with
 * each event's layer before its call name, `hdf5 › pwrite64`, so the mapping makes `hdf5 › pwrite64:/scratch`
 * and the DFG shows how the layers hand the I/O down. Columns other than `pair` are shared with the log.
 */
import type { EventLog } from '../../model';
import { Interner, PairTable } from '../../model/interner';
import { layerInfo, type LayerInfo } from './classify';

/** Between the layer and the call in a call name of a layered log. */
export const LAYER_SEP = ' › ';

/** The call of a (possibly layered) call name: `hdf5 › pwrite64` → `pwrite64`. */
export function bareCall(name: string): string {
  const k = name.indexOf(LAYER_SEP);
  return k < 0 ? name : name.slice(k + LAYER_SEP.length);
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

const cache = new WeakMap<EventLog, Map<string, EventLog>>();
/** The logs layeredLog made (layering one again changes nothing). */
const made = new WeakSet<EventLog>();

/** The log with the layer in each call name (`log` itself when it has no layers, or has them in its calls
 * already). Cached per log and rules. */
export function layeredLog(log: EventLog, rules?: readonly string[]): EventLog {
  if (made.has(log)) return log;
  const info = layerInfo(log, rules);
  if (!info) return log;
  const key = (rules ?? []).join('\n');
  let m = cache.get(log);
  if (!m) cache.set(log, (m = new Map()));
  const hit = m.get(key);
  if (hit) return hit;
  const calls = new Interner();
  const pairs = new PairTable();
  const L = info.names.length;
  const P = log.pairCall.length;
  const dense = P * L <= 1 << 22 ? new Int32Array(P * L).fill(-1) : null;
  const sparse = new Map<number, number>();
  const callIds = new Map<number, number>();
  const newPair = (p: number, l: number): number => {
    const k = p * L + l;
    let q = dense !== null ? dense[k] : (sparse.get(k) ?? -1);
    if (q < 0) {
      const ck = log.pairCall[p] * L + l;
      let c = callIds.get(ck);
      if (c === undefined) callIds.set(ck, (c = calls.intern(`${info.names[l]}${LAYER_SEP}${log.calls[log.pairCall[p]]}`)));
      q = pairs.intern(c, log.pairFp[p]);
      if (dense !== null) dense[k] = q;
      else sparse.set(k, q);
    }
    return q;
  };
  const pair = remapPairs(log, info, newPair);
  const out: EventLog = { ...log, pair, calls: calls.list, pairCall: Uint32Array.from(pairs.call), pairFp: Uint32Array.from(pairs.fp) };
  m.set(key, out);
  made.add(out);
  return out;
}
