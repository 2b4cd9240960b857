import { expect, test } from 'vitest';
import { queryPairs } from './viewText';

test('one bad %-escape leaves the rest of a link value decoded (#33.12)', () => {
  expect(queryPairs('filter=%2Fscratch%2Frun%ZZ%2Fout&exclude=50%25+done%')).toEqual([
    ['filter', '/scratch/run%ZZ/out'],
    ['exclude', '50% done%'],
  ]);
  // escapes of several bytes (UTF-8) decode together; bytes that are not UTF-8 stay written
  expect(queryPairs('filter=%C3%A9t%C3%A9%FF')).toEqual([['filter', 'été%FF']]);
  expect(queryPairs('a=b+c&d')).toEqual([['a', 'b c'], ['d', '']]);
});
