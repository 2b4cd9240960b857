/** Positions to click at: the graph as drawn once it has stopped moving (a refit after a late resize of the
 * panes, e.g. when the overview or the deferred statistics arrive, moves every node). */
import type { GraphModel } from '../src/ui/contracts';
import type { AppPage } from './app';

const where = (g: GraphModel): string => JSON.stringify(g.nodes.map((n) => [n.id, Math.round(n.at?.x ?? -1), Math.round(n.at?.y ?? -1)]));

export async function stableGraph(app: AppPage, tries = 20): Promise<GraphModel> {
  let g = await app.graph();
  for (let i = 0; i < tries; i++) {
    await app.page.waitForTimeout(250);
    await app.waitIdle();
    const next = await app.graph();
    if (where(next) === where(g)) return next;
    g = next;
  }
  throw new Error('the graph kept moving');
}
