import { describe, expect, it } from 'vitest';
import { parseIdList } from '../../session/view';
import { itsCasesVsRest } from './findingCases';

describe('itsCasesVsRest', () => {
  it('escapes commas and backslashes in case ids: each side reads back as the same ids', () => {
    const all = ['run,1_h_0', 'run\\2_h_1', 'plain_h_2', 'a\\,b_h_3', 'tail\\_h_4'];
    const its = ['run,1_h_0', 'a\\,b_h_3'];
    const p = itsCasesVsRest(its, all);
    expect(p).toEqual({ green: 'ids:run\\,1_h_0,a\\\\\\,b_h_3', red: 'ids:run\\\\2_h_1,plain_h_2,tail\\\\_h_4' });
    expect(parseIdList(p!.green.slice(4))).toEqual(its);
    expect(parseIdList(p!.red.slice(4))).toEqual(['run\\2_h_1', 'plain_h_2', 'tail\\_h_4']);
  });

  it('null when the finding names no case or every case', () => {
    expect(itsCasesVsRest([], ['a'])).toBeNull();
    expect(itsCasesVsRest(['a', 'b'], ['a', 'b'])).toBeNull();
    expect(itsCasesVsRest(['a'], ['a', 'b'])).toEqual({ green: 'ids:a', red: 'ids:b' });
  });
});
