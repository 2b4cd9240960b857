/** What a downloaded replay folder holds: cases, requests, bytes, metadata calls, the what-ifs, unseen I/O. */
import type { ReplayReply } from '../../session/replay';
import { formatBytes, formatCount } from '../../lib/format';

export function ReplaySummary({ reply, name }: { reply: ReplayReply; name: string }) {
  return (
    <div className="replay-summary" data-testid="replay-summary">
      <p>
        <b>{name}</b>: {reply.cases} case{reply.cases === 1 ? '' : 's'}, {formatCount(reply.requests)} data requests ({formatBytes(reply.bytes)}), {formatCount(reply.metadata)} metadata calls. Unpack it and run <code>./run.sh</code> (README.md says
        how, and what was left out).
      </p>
      {reply.whatIfs.length > 0 && (
        <ul>
          {reply.whatIfs.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {reply.unseen.length > 0 && (
        <div className="replay-unseen" data-testid="replay-unseen">
          I/O strace could not see:
          <ul>
            {reply.unseen.map((u) => (
              <li key={u.id}>
                <code>{u.id}</code>: {u.why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
