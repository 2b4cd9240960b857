/**
 * Runs `fn` on every item with at most `limit` calls in flight (item order of starts kept). Rejects with
 * the first rejection, after which no further item starts (those in flight run to their end unawaited).
 */
export async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++];
      try {
        await fn(item);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  const lanes: Promise<void>[] = [];
  for (let k = 0; k < Math.min(Math.max(1, Math.floor(limit)), items.length); k++) lanes.push(lane());
  await Promise.all(lanes);
}
