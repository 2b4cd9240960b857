/** The Replay dialog's two actions: the folder downloaded as one archive, and the fidelity check of green vs red. */
import { useState } from 'react';
import type { FidelityReport } from '../../analysis/replay/fidelity';
import type { WhatIfs } from '../../analysis/replay/types';
import type { ReplayReply, ReplaySide } from '../../session/replay';
import { useApp } from '../appContext';
import { download } from '../exportFiles';
import { packFolder, type PackFormat } from './pack';

export interface ReplayActions {
  busy: string | null;
  error: string | null;
  reply: { reply: ReplayReply; name: string } | null;
  check: FidelityReport | null;
  download(side: ReplaySide, whatIfs: Partial<WhatIfs>, format: PackFormat): void;
  runCheck(whatIfs: Partial<WhatIfs>): void;
}

export function useReplay(): ReplayActions {
  const ask = useApp((s) => s.ask);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reply, setReply] = useState<ReplayActions['reply']>(null);
  const [check, setCheck] = useState<FidelityReport | null>(null);
  const run = (what: string, f: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    f()
      .catch((e: unknown) => setError(`${what}: ${(e as Error).message ?? String(e)}`))
      .finally(() => setBusy(null));
  };
  return {
    busy,
    error,
    reply,
    check,
    download: (side, whatIfs, format) =>
      run('Replay', async () => {
        const r = await ask('replay', [{ side, whatIfs }]);
        const top = side === 'all' ? 'strace-dfg-replay' : `strace-dfg-replay-${side}`;
        const bytes = await packFolder(r.files, top, format);
        const name = `${top}.${format}`;
        download(name, new Blob([bytes as BlobPart]), format === 'zip' ? 'application/zip' : 'application/x-tar');
        setReply({ reply: r, name });
      }),
    runCheck: (whatIfs) =>
      run('Fidelity check', async () => {
        setCheck(await ask('replayCheck', [{ whatIfs }]));
      }),
  };
}
