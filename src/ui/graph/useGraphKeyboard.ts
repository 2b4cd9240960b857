/**
 * The graph by keyboard: Tab reaches the canvas and then steps through the nodes in reading order (past
 * the last one it leaves the graph), the arrow keys go to the nearest node in their direction, Enter (or
 * Space) opens the node's timeline, + / − zoom, 0 fits. The node has a focus ring (cyStyle.ts) and is
 * read out by screen readers (`focusText`, an aria-live region).
 */
import { useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { formatCount } from '../../lib/format';
import { END, START, type ActivityStats } from '../../analysis/types';
import type { CyView } from './cyView';
import { isArrow, nearestInDirection, readingOrder, stepOrder } from './keyNav';

interface Props {
  selected: string | null;
  onSelectNode(id: string): void;
}

export function useGraphKeyboard(viewRef: RefObject<CyView | null>, props: RefObject<Props>, direction: 'LR' | 'TB', stats: Map<string, ActivityStats>) {
  const [focusText, setFocusText] = useState('');
  const focusOn = (id: string | null, say = true): void => {
    viewRef.current?.focusNode(id);
    if (!say) return;
    const a = id === null ? undefined : stats.get(id);
    setFocusText(id === null ? '' : id === START ? 'start of every case' : id === END ? 'end of every case' : a ? `${id}: ${formatCount(a.count)} events` : id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const view = viewRef.current;
    if (!view || e.altKey || e.ctrlKey || e.metaKey) return;
    const cur = view.focusedNode();
    let next: string | null | undefined;
    if (e.key === 'Enter' || e.key === ' ') {
      if (cur === null) return;
      e.preventDefault();
      props.current.onSelectNode(cur);
      return;
    }
    if (e.key === 'Tab') {
      next = stepOrder(readingOrder(view.nodePositions(), direction), cur, e.shiftKey ? -1 : 1);
      if (next === null) {
        focusOn(null); // past the last (first) node: the browser moves on
        return;
      }
    } else if (isArrow(e.key)) next = cur === null ? readingOrder(view.nodePositions(), direction)[0] : (nearestInDirection(view.nodePositions(), cur, e.key) ?? cur);
    else if (e.key === '+' || e.key === '=') return void view.zoomBy(1.25);
    else if (e.key === '-') return void view.zoomBy(0.8);
    else if (e.key === '0') return void view.fit();
    if (next === undefined || next === null) return;
    e.preventDefault();
    focusOn(next);
  };
  const onFocus = (e: FocusEvent<HTMLDivElement>): void => {
    const view = viewRef.current;
    if (!view || e.target !== e.currentTarget || view.focusedNode() !== null) return;
    // a click focuses the canvas too: the ring is for the keyboard only
    if (!e.currentTarget.matches(':focus-visible')) return;
    const order = readingOrder(view.nodePositions(), direction);
    // coming back with Shift+Tab from what follows: the last node; else the selected node or the first activity
    const back = e.relatedTarget instanceof Node && (e.currentTarget.compareDocumentPosition(e.relatedTarget) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const sel = props.current.selected;
    focusOn(back ? (order[order.length - 1] ?? null) : sel !== null && order.includes(sel) ? sel : (order.find((id) => id !== START && id !== END) ?? order[0] ?? null));
  };

  return { onKeyDown, onFocus, onBlur: () => focusOn(null, false), focusText };
}
