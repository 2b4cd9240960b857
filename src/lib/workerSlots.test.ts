import { describe, expect, it } from 'vitest';
import { WorkerSlots } from './workerSlots';

describe('WorkerSlots', () => {
  it('starts queued jobs on idle or new workers, at most `size` of them', () => {
    let made = 0;
    const started: [number, string][] = [];
    const s = new WorkerSlots<number, string>(2, () => ++made, (w, job) => started.push([w, job]));
    s.queue.push('a', 'b', 'c');
    s.pump();
    expect(started).toEqual([[1, 'a'], [2, 'b']]);
    expect(s.queue).toEqual(['c']);
    s.finished(1);
    s.pump();
    expect(started.at(-1)).toEqual([1, 'c']);
    expect(s.remove(2)).toBe('b');
    expect(s.all).toEqual([1]);
    s.queue.push('d');
    expect(s.takeJobs()).toEqual(['c', 'd']);
    expect(s.takeWorkers()).toEqual([1]);
    expect([s.all, s.idle, s.running.size]).toEqual([[], [], 0]);
  });
});
