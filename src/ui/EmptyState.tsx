/** What to drop, how to make traces, and the example. */
import { useEffect, useMemo, useState } from 'react';
import { LinkView } from './LinkView';
import strAceSh from './strace.sh?raw';

export const RECIPE = 'strace -f -tt -T -y -e trace=%file,%desc,sync,msync,close_range -o {cid}_$(hostname)_$$.st <cmd>';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      className="small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        );
      }}
    >
      {done ? 'Copied' : label}
    </button>
  );
}

export function EmptyState({ onExample, onPick, onPickFolder }: { onExample(): void; onPick(): void; onPickFolder(): void }) {
  const shUrl = useMemo(() => URL.createObjectURL(new Blob([strAceSh], { type: 'text/x-sh' })), []);
  useEffect(() => () => URL.revokeObjectURL(shUrl), [shUrl]);
  return (
    <div className="empty" data-testid="empty-state">
      <LinkView />
      <h2>Drop strace traces here</h2>
      <p>
        One <code>.st</code> file per process or MPI rank (named <code>{'{cid}_{host}_{rid}.st'}</code>, also gzip'd as <code>.st.gz</code>),
        many files, a whole folder, or an HDF5 event log. Everything stays in this browser tab: nothing is uploaded.
      </p>
      <p className="actions">
        <button className="primary" onClick={onExample} data-testid="load-example">
          Load example
        </button>
        <button onClick={onPick}>Choose files…</button>
        <button onClick={onPickFolder}>Choose a folder…</button>
      </p>
      <h3>Recording traces</h3>
      <p>
        Run your program under strace (replace <code>{'{cid}'}</code> by a name for the run, e.g. <code>ior</code>):
      </p>
      <pre className="recipe" data-testid="recipe">
        {RECIPE}
      </pre>
      <CopyButton text={RECIPE} label="Copy command" />
      <p>
        For <code>srun</code> / <code>mpirun</code>, one trace per rank with this wrapper (
        <a href={shUrl} download="strace.sh" data-testid="download-strace-sh">
          download strace.sh
        </a>
        , then <code>chmod +x strace.sh</code>): <code>srun ./strace.sh ior ./ior -w -t 1m -b 16m</code>. Each file is named by
        the MPI rank the launcher sets (SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK), so cases read <code>rank 3</code>.
      </p>
      <details>
        <summary>strace.sh</summary>
        <pre>{strAceSh}</pre>
        <CopyButton text={strAceSh} label="Copy strace.sh" />
      </details>
      <p className="muted">
        -f follows forks, -tt timestamps, -T durations, -y file paths of descriptors; all are needed for the full statistics.
      </p>
    </div>
  );
}
