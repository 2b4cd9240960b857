/**
 * *Replay…* (docs/GUIDE.md "Replay a run"): the analysed cases, or one side of the partition, as a replay folder
 * (fio I/O logs, job file, metadata script, run.sh, README) downloaded as .zip or .tar; with green and red, the
 * red cases checked as the replay of the green ones (the fidelity score).
 */
import { useEffect, useRef, useState } from 'react';
import type { ReplaySide } from '../../session/replay';
import { useApp } from '../appContext';
import { FidelityView } from './FidelityView';
import type { PackFormat } from './pack';
import { ReplaySummary } from './ReplaySummary';
import { useReplay } from './useReplay';
import { WhatIfFields } from './WhatIfFields';
import { formOf, whatIfsOf } from './whatIfForm';
import './replay.css';

export function ReplayDialog() {
  const preset = useApp((s) => s.replayDialog);
  const close = useApp((s) => s.closeReplay);
  const kept = useApp((s) => s.keptCases);
  const sides = useApp((s) => s.partitionCases);
  const time = useApp((s) => s.view.time);
  const ref = useRef<HTMLDialogElement>(null);
  const [side, setSide] = useState<ReplaySide>('all');
  const [format, setFormat] = useState<PackFormat>('zip');
  const [form, setForm] = useState(() => formOf(preset ?? {}));
  const act = useReplay();
  useEffect(() => {
    if (!ref.current?.open) ref.current?.showModal();
    // unmounted with its result (a new load): closed, not shown again over the next one
    return close;
  }, [close]);
  const parsed = whatIfsOf(form);
  const whatIfs = 'whatIfs' in parsed ? parsed.whatIfs : null;
  const both = !!sides && sides.green.length > 0 && sides.red.length > 0;
  const sideOption = (s: ReplaySide, label: string, n: number) => (
    <label>
      <input type="radio" name="replay-side" checked={side === s} disabled={n === 0} onChange={() => setSide(s)} data-testid={`replay-side-${s}`} /> {label} ({n})
    </label>
  );
  return (
    <dialog ref={ref} className="replay-dialog" onClose={close} data-testid="replay-dialog">
      <h2>Replay the I/O of…</h2>
      <div className="replay-sides">
        {sideOption('all', 'the analysed cases', kept)}
        {sideOption('green', 'the green cases', sides?.green.length ?? 0)}
        {sideOption('red', 'the red cases', sides?.red.length ?? 0)}
      </div>
      <p className="muted">
        The program&apos;s own data and metadata calls (no loader, system or MPI-runtime files), as the view keeps them: its case filters
        {time ? ` and the time window ${time.from ?? ''}..${time.to ?? ''} s` : ''} apply.
      </p>
      <WhatIfFields form={form} onChange={setForm} />
      {'error' in parsed && <p className="error">{parsed.error}</p>}
      <div className="replay-actions">
        <label>
          Download as{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as PackFormat)} data-testid="replay-format">
            <option value="zip">.zip</option>
            <option value="tar">.tar</option>
          </select>
        </label>
        <button className="primary" disabled={!whatIfs || !!act.busy} onClick={() => whatIfs && act.download(side, whatIfs, format)} data-testid="replay-download">
          Download replay folder
        </button>
        <button disabled={!whatIfs || !both || !!act.busy} title={both ? 'The green cases are the recording, the red ones the traces of its replay' : 'Load the replay’s traces and make them the red side (Partition tab), the recording green'} onClick={() => whatIfs && act.runCheck(whatIfs)} data-testid="replay-check">
          Check red as the replay of green
        </button>
        <span className="spacer" />
        <button onClick={() => ref.current?.close()} data-testid="replay-close">
          Close
        </button>
      </div>
      {act.busy && <p className="muted">{act.busy}…</p>}
      {act.error && <p className="error" data-testid="replay-error">{act.error}</p>}
      {act.reply && <ReplaySummary reply={act.reply.reply} name={act.reply.name} />}
      {act.check && <FidelityView report={act.check} />}
    </dialog>
  );
}
