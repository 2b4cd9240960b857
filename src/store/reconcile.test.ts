/** The store loop's pure half: what the worker must do next, given what is wanted and what it holds. */
import { describe, expect, it } from 'vitest';
import { NOTHING, nextStep, slowBehind, stillWanted, type Have, type Wanted } from './reconcile';

const A = '{"mapping":"a"}';
const B = '{"mapping":"b"}';
const OV = 'overview-key';
/** Files 1 loaded and analysed as A, the overview shown, nothing else asked. */
const want: Wanted = { gen: 1, files: 1, addTo: null, analysis: A, overview: OV, timeline: null, insights: false, access: false, untraced: false, layers: false, complete: false, compare: false };
const have: Have = { ...NOTHING, files: 1, analysis: A, current: true, overview: OV };

describe('nextStep', () => {
  it('holds still when the worker holds what is wanted', () => {
    expect(nextStep(want, have)).toEqual({ kind: 'idle' });
    expect(nextStep({ ...want, files: 0, analysis: null, overview: null }, NOTHING)).toEqual({ kind: 'idle' });
  });

  it('new files: load, then (once loaded) analyse, then the follow-ups', () => {
    const w = { ...want, gen: 2, files: 2 };
    expect(nextStep(w, have)).toEqual({ kind: 'load' });
    const loaded: Have = { ...NOTHING, files: 2, overview: null };
    expect(nextStep(w, loaded)).toEqual({ kind: 'analyze' });
    expect(nextStep(w, { ...loaded, analysis: A, current: true })).toEqual({ kind: 'fast', overview: true, timeline: null, insights: false, access: false, untraced: false, layers: false });
  });

  it('added files: an add when the worker holds the set they are added to, else the whole set is read', () => {
    const w = { ...want, gen: 2, files: 2, addTo: 1 };
    expect(nextStep(w, have)).toEqual({ kind: 'add' });
    expect(nextStep(w, NOTHING)).toEqual({ kind: 'load' });
  });

  it('a load that failed or was cancelled is not tried again until other files (or Retry)', () => {
    const w = { ...want, gen: 2, files: 2, analysis: null, overview: null };
    expect(nextStep(w, { ...have, files: 0, failedFiles: 2 })).toEqual({ kind: 'idle' });
    expect(nextStep({ ...w, gen: 3, files: 3 }, { ...have, files: 0, failedFiles: 2 })).toEqual({ kind: 'load' });
  });

  it('a view change that analyses: analyse (the files stay)', () => {
    expect(nextStep({ ...want, gen: 2, analysis: B }, have)).toEqual({ kind: 'analyze' });
  });

  it('a failed analysis with no graph: no follow-ups of it', () => {
    expect(nextStep(want, { ...have, current: false, overview: null })).toEqual({ kind: 'idle' });
  });

  it('a tab or a selection: the follow-up only, in one round with whatever else the fast round lacks', () => {
    expect(nextStep({ ...want, insights: true }, have)).toEqual({ kind: 'fast', overview: false, timeline: null, insights: true, access: false, untraced: false, layers: false });
    expect(nextStep({ ...want, timeline: 'read:/etc/passwd', access: true, overview: 'other' }, have)).toEqual({ kind: 'fast', overview: true, timeline: 'read:/etc/passwd', insights: false, access: true, untraced: false, layers: false });
    expect(nextStep({ ...want, timeline: 'read:/etc/passwd' }, { ...have, timeline: 'read:/etc/passwd' })).toEqual({ kind: 'idle' });
  });

  it('the slow round (deferred mc, the comparison) only once the fast one has nothing left, once per analysis', () => {
    const w = { ...want, complete: true, compare: true, insights: true };
    expect(nextStep(w, have).kind).toBe('fast');
    expect(nextStep(w, { ...have, insights: true })).toEqual({ kind: 'slow', complete: true, compare: true });
    expect(nextStep(w, { ...have, insights: true, slow: true })).toEqual({ kind: 'idle' });
  });

  it('a new graph: its overview, untraced time and layers in one fast round; asked once per analysis', () => {
    const w = { ...want, untraced: true, layers: true };
    const analysed: Have = { ...have, overview: null };
    expect(nextStep(w, analysed)).toEqual({ kind: 'fast', overview: true, timeline: null, insights: false, access: false, untraced: true, layers: true });
    expect(nextStep(w, { ...analysed, overview: OV, untraced: true, layers: true })).toEqual({ kind: 'idle' });
  });

  it('the slow round right behind a fast one: what the loop would ask once the fast round is answered', () => {
    const w = { ...want, untraced: true, layers: true, complete: true, compare: true };
    const analysed: Have = { ...have, overview: null };
    expect(nextStep(w, analysed).kind).toBe('fast');
    expect(slowBehind(w, analysed)).toEqual({ kind: 'slow', complete: true, compare: true });
    expect(slowBehind({ ...w, compare: false }, analysed)).toEqual({ kind: 'slow', complete: true, compare: false });
    // asked already, nothing deferred and no partition, or not the analysis wanted: none
    expect(slowBehind(w, { ...analysed, slow: true })).toBeNull();
    expect(slowBehind({ ...w, complete: false, compare: false }, analysed)).toBeNull();
    expect(slowBehind({ ...w, analysis: B }, analysed)).toBeNull();
    expect(slowBehind(w, { ...analysed, current: false })).toBeNull();
  });

  it('a worker restart (it holds nothing): load, then analyse again', () => {
    expect(nextStep(want, NOTHING)).toEqual({ kind: 'load' });
    expect(nextStep(want, { ...NOTHING, files: 1 })).toEqual({ kind: 'analyze' });
  });
});

describe('stillWanted', () => {
  it('a newer request while one is in flight: the old answer is ignored', () => {
    // an analysis answered after the view changed again
    expect(stillWanted({ kind: 'analyze' }, want, { ...want, gen: 2, analysis: B })).toBe(false);
    expect(stillWanted({ kind: 'analyze' }, want, want)).toBe(true);
    // follow-ups of an analysis another one replaced
    expect(stillWanted({ kind: 'fast', overview: true, timeline: null, insights: false, access: false, untraced: true, layers: true }, want, { ...want, gen: 2 })).toBe(false);
    expect(stillWanted({ kind: 'slow', complete: true, compare: false }, want, { ...want, gen: 2 })).toBe(false);
    // a load answered after other files were dropped
    expect(stillWanted({ kind: 'load' }, { ...want, files: 2 }, { ...want, gen: 3, files: 3 })).toBe(false);
  });

  it('a view change while the files load: the load still serves (its files are analysed with the change)', () => {
    expect(stillWanted({ kind: 'load' }, { ...want, files: 2, gen: 2 }, { ...want, files: 2, gen: 3, analysis: B })).toBe(true);
    expect(stillWanted({ kind: 'add' }, { ...want, files: 2, gen: 2, addTo: 1 }, { ...want, files: 2, gen: 3 })).toBe(true);
  });
});
