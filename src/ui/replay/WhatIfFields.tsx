/** The what-if fields of the Replay dialog (docs/METHOD.md "Replay: what-ifs"); each names its CLI option. */
import type { WhatIfForm } from './whatIfForm';

export function WhatIfFields({ form, onChange }: { form: WhatIfForm; onChange(f: WhatIfForm): void }) {
  const set = (part: Partial<WhatIfForm>) => onChange({ ...form, ...part });
  return (
    <fieldset className="replay-whatifs" data-testid="replay-whatifs">
      <legend>What-ifs (each is named in the README and the job file)</legend>
      <label title="--coalesce SIZE: contiguous requests of a file and direction merged up to SIZE each">
        Coalesce to{' '}
        <input size={11} placeholder="off (e.g. 1MiB)" value={form.coalesce} onChange={(e) => set({ coalesce: e.target.value })} data-testid="replay-coalesce" />
      </label>
      <label title="--align SIZE: every request starts and ends on a SIZE boundary (widened)">
        Align to{' '}
        <input size={11} placeholder="off (e.g. 64KiB)" value={form.align} onChange={(e) => set({ align: e.target.value })} data-testid="replay-align" />
      </label>
      <label title="--file-per-process / --shared-file">
        Files{' '}
        <select value={form.layout} onChange={(e) => set({ layout: e.target.value as WhatIfForm['layout'] })} data-testid="replay-layout">
          <option value="">as recorded</option>
          <option value="fpp">one file per process</option>
          <option value="ssf">one shared file</option>
        </select>
      </label>
      <label title="--pread: lseek + read/write replayed as pread/pwrite">
        <input type="checkbox" checked={form.pread} onChange={(e) => set({ pread: e.target.checked })} data-testid="replay-pread" /> pread/pwrite
      </label>
      <label title="--no-sync: fsync/fdatasync left out">
        <input type="checkbox" checked={form.noSync} onChange={(e) => set({ noSync: e.target.checked })} data-testid="replay-nosync" /> no fsync
      </label>
    </fieldset>
  );
}
