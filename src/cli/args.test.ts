import { describe, expect, it } from 'vitest';
import { CliError, parseArgs } from './args';

const err = (argv: string[]): string => {
  try {
    parseArgs(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    return (e as CliError).message;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
};

describe('parseArgs', () => {
  it('reads analyze options, in both --opt V and --opt=V forms, and paths after --', () => {
    expect(parseArgs(['analyze', '--depth=3', '--filter', '/scratch', '--filter=/etc', '--json', '--jobs', '2', 'a', '--', '-odd-name.st'])).toEqual({
      command: 'analyze',
      paths: ['a', '-odd-name.st'],
      depth: 3,
      filters: ['/scratch', '/etc'],
      casePerPid: false,
      partition: null,
      json: true,
      top: 40,
      jobs: 2,
    });
  });

  it('turns partitions into resolvePartition selectors', () => {
    const a = parseArgs(['analyze', '--green-cid', 'ls', '--red-cid', 'lsl', 'x']);
    expect(a.command === 'analyze' && a.partition).toMatchObject({ green: 'cid:ls', red: 'cid:lsl' });
    const b = parseArgs(['analyze', '--green', 'a_n_1, a_n_2', '--red', 'b_n_1', 'x']);
    expect(b.command === 'analyze' && b.partition).toMatchObject({ green: 'ids:a_n_1,a_n_2', red: 'ids:b_n_1' });
  });

  it('reads convert options', () => {
    expect(parseArgs(['convert', 'traces/', '-o', 'log.h5', '--force'])).toEqual({ command: 'convert', paths: ['traces/'], out: 'log.h5', casePerPid: false, force: true, jobs: null });
  });

  it('rejects bad usage with a precise message', () => {
    expect(err(['analyze'])).toMatch(/needs at least one PATH/);
    expect(err(['analyze', '--depth'])).toBe('--depth needs a value');
    expect(err(['analyze', '--depth', '-1', 'x'])).toMatch(/--depth expects an integer ≥ 0, got '-1'/);
    expect(err(['analyze', '--jobs', '0', 'x'])).toMatch(/--jobs expects an integer ≥ 1/);
    expect(err(['analyze', '-o', 'x.h5', 'x'])).toMatch(/-o is an option of convert, not analyze/);
    expect(err(['convert', '--json', 'x', '-o', 'y'])).toMatch(/--json is an option of analyze/);
    expect(err(['analyze', '--green-cid', 'a', '--red', 'b', 'x'])).toMatch(/either --green-cid\/--red-cid or --green\/--red/);
    expect(err(['analyze', '--green-cid', 'a', '--red-cid', 'a', 'x'])).toMatch(/must differ/);
    expect(err(['analyze', '--green', 'a,b', '--red', 'b', 'x'])).toMatch(/case b is in both/);
    expect(err(['analyze', '--filter', '', 'x'])).toMatch(/non-empty/);
  });

  it('knows help and version', () => {
    expect(parseArgs([])).toEqual({ command: 'help' });
    expect(parseArgs(['analyze', '--help'])).toEqual({ command: 'help' });
    expect(parseArgs(['--version'])).toEqual({ command: 'version' });
  });
});
