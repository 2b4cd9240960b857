import { describe, expect, it } from 'vitest';
import { keepEdits } from './keepEdits';

describe('keepEdits', () => {
  it('a late update of the applied value keeps what the user typed since, and takes the rest', () => {
    const before = { system: 'show', include: '', depth: 2 };
    const draft = { system: 'show', include: '/scratch', depth: 2 }; // the user typed a keep filter
    const after = { system: 'auto', include: '', depth: 2 }; // the earlier select lands
    expect(keepEdits(draft, before, after)).toEqual({ system: 'auto', include: '/scratch', depth: 2 });
  });
  it('without edits the draft is the new value', () => {
    const v = { a: 1, b: 'x' };
    expect(keepEdits(v, v, { a: 2, b: 'y' })).toEqual({ a: 2, b: 'y' });
  });
});
