import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStraceBytes } from '../../ingest/strace';
import { validate } from '../../model';
import { parseStraceFile } from './fsSource';

const FIX = join(__dirname, '..', '__fixtures__');

describe('parseStraceFile (the strace importer over a file-system ByteSource)', () => {
  it.each([['fig1/b_node1_2.st'], ['multi/sh_node1_1.st']])('reads %s in any chunk size to the same log as one push', async (rel) => {
    const path = join(FIX, rel);
    const whole = parseStraceBytes(rel, readFileSync(path));
    validate(whole);
    expect(whole.n).toBeGreaterThan(10);
    for (const chunk of [1, 7, 4096, 16 << 20]) expect(await parseStraceFile(path, rel, chunk)).toEqual(whole);
  });
});
