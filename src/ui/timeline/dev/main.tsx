/**
 * Dev harness for the timeline and table panels with synthetic data (not part of the app build).
 * Serve with `npx vite --port 5181` and open /src/ui/timeline/dev/timeline-dev.html?n=300000&rows=96.
 * Query: n (events), rows, base (clock|epoch|relative|none), unknown=1 (some unknown durations),
 * hostile=1 (a path `<img src=x onerror=alert(1)>`), acts (activities in the stats table).
 */
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ActivityStats, EdgeCases, TimelineData, Variant } from '../../../analysis/types';
import { EdgeCasesPanel } from '../../tables/EdgeCasesPanel';
import { StatsTable } from '../../tables/StatsTable';
import { VariantsList } from '../../tables/VariantsList';
import { TimelinePanel } from '../TimelinePanel';
import { syntheticTimeline } from '../../../testing/syntheticTimeline';

const q = new URLSearchParams(location.search);
const num = (k: string, d: number) => (q.has(k) ? Number(q.get(k)) : d);

function stats(n: number): ActivityStats[] {
  const calls = ['read', 'write', 'openat', 'close', 'lseek', 'fstat', 'pread64', 'mmap'];
  const out: ActivityStats[] = [];
  for (let i = 0; i < n; i++) {
    const call = calls[i % calls.length];
    const rw = call === 'read' || call === 'write' || call === 'pread64';
    const count = Math.round(1e6 / (i + 1)) + 1;
    const noDur = i % 97 === 3;
    out.push({
      id: i === 5 ? `${call}:<img src=x onerror=alert(1)>` : `${call}:/scratch/p${Math.floor(i / calls.length)}`,
      count,
      dur: noDur ? null : count * 1e-5,
      rd: noDur ? null : 0.5 / (i + 1),
      bytes: rw ? count * 4096 : null,
      dr: rw && !noDur ? 4096 / 1e-5 / (1 + (i % 7)) : null,
      mc: noDur ? null : 1 + (i % 16),
      DR: rw && !noDur ? (1 + (i % 16)) * (4096 / 1e-5 / (1 + (i % 7))) : null,
      cases: 1 + (i % 96),
    });
  }
  return out;
}

function variants(): Variant[] {
  const acts = ['openat:/etc/ld.so.cache', 'read:/usr/lib', 'openat:/usr/lib', 'read:/etc/locale.alias', 'read:/etc/nsswitch.conf', 'write:/dev/pts'];
  const out: Variant[] = [{ trace: ['●', acts[1], acts[1], acts[3], acts[5], '■'], count: 3, cases: ['a_host_1', 'a_host_2', 'a_host_3'] }];
  for (let v = 0; v < 120; v++) {
    const trace = ['●', ...Array.from({ length: 3 + (v % 30) }, (_, k) => acts[(v + k * 7) % acts.length]), `close:/scratch/v${v}`, '■'];
    out.push({ trace, count: 1 + (v % 5), cases: Array.from({ length: 1 + (v % 5) }, (_, k) => `ior_n${v}_${k}`) });
  }
  out.push({ trace: ['●', 'read:<img src=x onerror=alert(1)>', '■'], count: 1, cases: ['<b>bold</b>'] });
  return out;
}

const EDGE: EdgeCases = {
  source: 'read:/usr/lib',
  target: 'write:/dev/pts',
  cases: Array.from({ length: 300 }, (_, k) => ({ caseId: `ior_jrc${k % 4}_${1000 + k}`, count: 1 + ((k * 37) % 50) })),
};

declare global {
  interface Window {
    __dev: { open(n: number, rows: number, base?: TimelineData['timeBase']): Promise<number>; close(): void };
  }
}

let setTimeline: (d: TimelineData | null) => void = () => undefined;

function Harness() {
  const [timeline, setT] = useState<TimelineData | null>(() =>
    q.get('timeline') === '0'
      ? null
      : syntheticTimeline({ events: num('n', 2000), rows: num('rows', 8), timeBase: (q.get('base') as TimelineData['timeBase']) ?? 'clock', someUnknownDur: q.get('unknown') === '1', hostilePath: q.get('hostile') === '1' }),
  );
  setTimeline = setT;
  const [selected, setSelected] = useState<string | null>(null);
  const [edgeOpen, setEdgeOpen] = useState(true);
  const nodes = useMemo(() => stats(num('acts', 5000)), []);
  const vars = useMemo(variants, []);
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 1200 }}>
      {timeline && <TimelinePanel data={timeline} onClose={() => setT(null)} />}
      <p data-testid="selected">selected: {selected ?? '(none)'}</p>
      <StatsTable nodes={nodes} selected={selected} onSelect={setSelected} hasDurations hasTimestamps />
      <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 12 }}>
        <VariantsList variants={vars} />
        {edgeOpen && <EdgeCasesPanel data={EDGE} onClose={() => setEdgeOpen(false)} />}
      </div>
    </div>
  );
}

window.__dev = {
  open(n, rows, base = 'clock') {
    setTimeline(null);
    const data = syntheticTimeline({ events: n, rows, timeBase: base });
    return new Promise((resolve) => {
      setTimeout(() => {
        const t0 = performance.now();
        setTimeline(data);
        const poll = () => {
          const el = document.querySelector('[data-testid="timeline-plot"]');
          if (el?.getAttribute('data-ready') === 'true') resolve(performance.now() - t0);
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }, 50);
    });
  },
  close() {
    setTimeline(null);
  },
};

createRoot(document.getElementById('root')!).render(<Harness />);
