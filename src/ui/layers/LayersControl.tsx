/**
 * The toolbar's *Layers* control (docs/METHOD.md "Layers", GUIDE "Layers"): group the graph by layer
 * (`group=layer`), put the layer in each activity (`layer=1`: `stdio › write:/data`), and the user's layer
 * rules (`lrule`: `NAME bin=REGEX sym=REGEX`, one a line, before the rule table). A bad rule is the mapping's
 * error (shown here); the previous analysis stays.
 */
import { useState } from 'react';
import { useApp } from '../appContext';
import './layers.css';

export function LayersControl() {
  const groupBy = useApp((s) => s.view.groupBy);
  const mapping = useApp((s) => s.view.mapping);
  const error = useApp((s) => s.mappingError);
  const setGroupBy = useApp((s) => s.setGroupBy);
  const setMapping = useApp((s) => s.setMapping);
  const hasResult = useApp((s) => s.result !== null);
  const [rules, setRules] = useState((mapping.layerRules ?? []).join('\n'));
  const applyRules = () => {
    const list = rules.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    void setMapping({ ...mapping, layerRules: list.length ? list : undefined });
  };
  return (
    <details className="layers-control" data-testid="layers-control">
      <summary title="which library issued each call (traces recorded with strace -k, Darshan DXT, OTF2)">Layers</summary>
      <div className="layers-pop">
        <label>
          <input type="checkbox" checked={groupBy === 'layer'} onChange={(e) => setGroupBy(e.target.checked ? 'layer' : 'none')} data-testid="group-by-layer" /> group the graph by layer
        </label>
        <label>
          <input type="checkbox" checked={!!mapping.layer} disabled={!hasResult} onChange={(e) => void setMapping({ ...mapping, layer: e.target.checked || undefined })} data-testid="layer-in-activity" /> layer in the activity (<code>stdio › write:/data</code>)
        </label>
        <label htmlFor="layer-rules">your layer rules, one a line: <code>NAME bin=REGEX sym=REGEX</code></label>
        <textarea id="layer-rules" rows={3} value={rules} placeholder="mylib bin=^libmylib" onChange={(e) => setRules(e.target.value)} data-testid="layer-rules" spellCheck={false} />
        <button className="small" disabled={!hasResult} onClick={applyRules} data-testid="layer-rules-apply">
          Apply rules
        </button>
        {error && /rule/i.test(error) && (
          <p className="error" role="alert" data-testid="layer-rules-error">
            {error}
          </p>
        )}
      </div>
    </details>
  );
}
