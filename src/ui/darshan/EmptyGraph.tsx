/** In place of an empty graph: why it is empty (LoadSummary.emptyGraph: Darshan logs without a DXT trace). */
import './darshan.css';

export function EmptyGraph({ text }: { text: string }) {
  return (
    <div className="empty-graph" role="note" data-testid="empty-graph">
      <strong>The graph is empty.</strong> {text}
    </div>
  );
}
