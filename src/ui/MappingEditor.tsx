/** The mapping f (docs/METHOD.md "Mapping"): depth, path filters, call filters, rewrites, custom function. */
import { useState } from 'react';
import type { MappingSpec, PathFilter, RewriteRule } from '../analysis/types';
import { DEPTH_MAX, filterText, parseFilter, parseList, parseRewrite, rewriteText } from '../session/view';
import { useApp } from './appContext';
import { keepEdits } from './keepEdits';
import { MappingWarnings } from './MappingWarnings';

// One line per filter / rewrite, in the view text form's syntax (src/session/view.ts).
const filtersToText = (fs: PathFilter[]): string => fs.map(filterText).join('\n');
const lines = (t: string): string[] =>
  t
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const textToFilters = (t: string): PathFilter[] => lines(t).map(parseFilter);
const rewritesToText = (rs: RewriteRule[]): string => rs.map((r) => rewriteText(r, ' => ')).join('\n');
const textToRewrites = (t: string): RewriteRule[] => t.split('\n').flatMap((l) => parseRewrite(l) ?? []);

export const CUSTOM_EXAMPLE = `// e = {call, fp, path, system}: return an activity string, or null to leave the event out
(e) => e.fp.startsWith('/scratch') ? e.call + ':scratch' : null`;

interface Draft {
  depth: number;
  include: string;
  exclude: string;
  calls: string;
  excludeCalls: string;
  rewrites: string;
  useCustom: boolean;
  custom: string;
  system: NonNullable<MappingSpec['system']>;
  pids: NonNullable<MappingSpec['pids']>;
  ops: boolean;
}
const toDraft = (m: MappingSpec): Draft => ({
  depth: m.depth,
  include: filtersToText(m.include),
  exclude: filtersToText(m.exclude),
  calls: m.calls.join(', '),
  excludeCalls: m.excludeCalls.join(', '),
  rewrites: rewritesToText(m.rewrites),
  useCustom: m.custom !== null,
  custom: m.custom ?? CUSTOM_EXAMPLE,
  system: m.system ?? 'show',
  pids: m.pids ?? 'raw',
  ops: m.ops === true,
});
/** The draft applied over `base` (what the editor does not show, e.g. the layer keys, is kept). */
const fromDraft = (d: Draft, base: MappingSpec): MappingSpec => ({
  ...base,
  depth: Math.max(0, Math.min(DEPTH_MAX, Math.round(d.depth) || 0)),
  include: textToFilters(d.include),
  exclude: textToFilters(d.exclude),
  calls: parseList(d.calls),
  excludeCalls: parseList(d.excludeCalls),
  rewrites: textToRewrites(d.rewrites),
  custom: d.useCustom && d.custom.trim() ? d.custom : null,
  system: d.system,
  pids: d.pids,
  ops: d.ops || undefined,
});

/** (analysis/operations.ts holds the classes; the UI imports no analysis code) */
const OPS_TITLE = "Each call named by its operation, so that strace traces and Darshan logs of the same I/O give the same activities: read (read, pread64, readv, preadv…, aio_pread, Darshan's POSIX read), write (likewise), open (open, openat, creat), seek (lseek), sync (fsync, fdatasync), stat (stat, fstat, newfstatat, statx…). MPI-IO's operations keep their names (no system call is one). The view key ops=1, the CLI's --ops.";

/** Short enough for the side panel at a laptop's width (its select is the panel's width: app.css); auto in full in the select's tooltip. */
const SYSTEM_TEXT: Record<Draft['system'], string> = {
  auto: 'auto: hide if user files',
  show: 'show like any path',
  collapse: 'collapse: a node a call',
  hide: 'hide',
};

export function MappingEditor() {
  const mapping = useApp((s) => s.view.mapping);
  const error = useApp((s) => s.mappingError);
  const setMapping = useApp((s) => s.setMapping);
  const [draft, setDraft] = useState<Draft>(() => toDraft(mapping));
  const [seen, setSeen] = useState(mapping);
  if (seen !== mapping) {
    // The applied mapping changed elsewhere (URL, confirmation, an earlier apply landing late): show it, but
    // keep the fields the user has edited since (a late update must not wipe what they are typing).
    const before = toDraft(seen);
    const after = toDraft(mapping);
    setSeen(mapping);
    setDraft((d) => keepEdits(d, before, after));
  }
  const up = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const apply = (d: Draft = draft) => void setMapping(fromDraft(d, mapping));
  return (
    <form
      className="mapping"
      data-testid="mapping-editor"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <label>
        Path depth{' '}
        <input
          type="number"
          min={0}
          max={DEPTH_MAX}
          value={draft.depth}
          data-testid="depth"
          onChange={(e) => {
            const d = { ...draft, depth: Number(e.target.value) };
            setDraft(d);
            apply(d);
          }}
        />{' '}
        <span className="muted">(0 = whole path)</span>
      </label>
      <label title="/usr, /lib*, /etc, /proc, /sys, /dev, /run, pipes, sockets, anon inodes, MPI/PMIx session directories">
        System files{' '}
        <select value={draft.system} data-testid="system-files" title="auto: hidden when the trace touches user files, else shown" onChange={(e) => {
          const d = { ...draft, system: e.target.value as Draft['system'] };
          setDraft(d);
          apply(d);
        }}>
          {(Object.keys(SYSTEM_TEXT) as Draft['system'][]).map((k) => <option key={k} value={k}>{SYSTEM_TEXT[k]}</option>)}
        </select>
      </label>
      <label title="/proc/<pid>, /proc/self and a path component equal to the case's pid or rid → PID">
        <input type="checkbox" checked={draft.pids === 'normalise'} data-testid="normalise-pids" onChange={(e) => {
          const d: Draft = { ...draft, pids: e.target.checked ? 'normalise' : 'raw' };
          setDraft(d);
          apply(d);
        }} /> per-process paths as <code>PID</code> <span className="muted">(/proc/&lt;pid&gt;, the case's pid or rid)</span>
      </label>
      <label title={OPS_TITLE}>
        <input type="checkbox" checked={draft.ops} data-testid="ops" onChange={(e) => {
          const d: Draft = { ...draft, ops: e.target.checked };
          setDraft(d);
          apply(d);
        }} /> calls as operations <span className="muted">(pwrite64, POSIX write → write: strace and Darshan meet)</span>
      </label>
      <label>
        Keep paths containing <span className="muted">(one per line; re:REGEX)</span>
        <textarea rows={2} value={draft.include} data-testid="include" onChange={(e) => up({ include: e.target.value })} placeholder="/scratch" />
      </label>
      <label>
        Drop paths containing
        <textarea rows={2} value={draft.exclude} data-testid="exclude" onChange={(e) => up({ exclude: e.target.value })} placeholder="re:^/(proc|sys)/" />
      </label>
      <label>
        Only calls <input value={draft.calls} data-testid="calls" onChange={(e) => up({ calls: e.target.value })} placeholder="read, write" />
      </label>
      <label>
        Drop calls <input value={draft.excludeCalls} data-testid="exclude-calls" onChange={(e) => up({ excludeCalls: e.target.value })} placeholder="close, fstat" />
      </label>
      <label>
        Rewrite rules <span className="muted">(PREFIX =&gt; LABEL, or re:REGEX =&gt; LABEL with $1)</span>
        <textarea rows={2} value={draft.rewrites} data-testid="rewrites" onChange={(e) => up({ rewrites: e.target.value })} placeholder="/scratch/user => $SCRATCH" />
      </label>
      <details open={draft.useCustom}>
        <summary data-testid="custom-toggle">Advanced: custom mapping function</summary>
        <label>
          <input type="checkbox" checked={draft.useCustom} data-testid="use-custom" onChange={(e) => up({ useCustom: e.target.checked })} /> use it
        </label>
        <textarea rows={4} className="code" spellCheck={false} value={draft.custom} data-testid="custom" onChange={(e) => up({ custom: e.target.value, useCustom: true })} />
      </details>
      <MappingWarnings />
      {error && (
        <p className="error" role="alert" data-testid="mapping-error">
          {error} — the previous graph is kept.
        </p>
      )}
      <p>
        <button type="submit" className="primary" data-testid="apply-mapping">
          Apply
        </button>{' '}
        <button type="button" onClick={() => setDraft(toDraft(mapping))}>
          Revert
        </button>
      </p>
    </form>
  );
}
