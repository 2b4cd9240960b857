/** UI work in flight outside the worker (reading a drop, fetching the example, lazy panels), for waitIdle. */
let pending = 0;
export function trackUi<T>(p: Promise<T>): Promise<T> {
  pending++;
  const done = () => {
    pending--;
  };
  p.then(done, done);
  return p;
}
export const uiPending = (): number => pending;
