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

  it('a reserved job goes to its worker when that one is done, back to the queue when it is removed', () => {
    let made = 0;
    const started: [number, string, boolean][] = [];
    const s = new WorkerSlots<number, string>(2, () => ++made, (w, job, reserved) => started.push([w, job, reserved]));
    s.queue.push('a', 'b', 'c', 'd', 'e');
    s.pump();
    expect(s.reserve(1)).toBe('c');
    expect(s.reserve(1)).toBeUndefined(); // one at a time
    expect(s.reserve(2)).toBe('d');
    expect(s.queue).toEqual(['e']);
    s.finished(2);
    expect(started.at(-1)).toEqual([2, 'd', true]);
    expect(s.idle).toEqual([]);
    s.finished(2); // nothing reserved: idle
    expect(s.idle).toEqual([2]);
    expect(s.reserve(2)).toBeUndefined(); // an idle worker reserves nothing
    expect(s.remove(1)).toBe('a');
    expect(s.queue).toEqual(['c', 'e']);
    s.queue.push('f');
    s.pump(); // worker 2 takes c, a new worker 3 takes e
    expect(started.slice(-2)).toEqual([[2, 'c', false], [3, 'e', false]]);
    expect(s.reserve(3)).toBe('f');
    expect(s.takeJobs()).toEqual(['c', 'e', 'f']);
    expect(s.next.size).toBe(0);
  });
});
