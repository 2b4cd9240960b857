import { describe, expect, it } from 'vitest';
import { caseFromFileName, type CaseInfo } from '../model';
import { loadFixture } from '../testing/mpiFixtures';
import { caseLabel, rankCids } from './ranks';

const cases = (...files: string[]): CaseInfo[] => files.map((f, i) => ({ ...caseFromFileName(f), file: i, pid: null }));

describe('rank labels', () => {
  it('a cid whose rids are 0 … k−1 is ranked; pids, gaps, duplicates and names are not', () => {
    expect([...rankCids(cases('ior_n1_0.st', 'ior_n2_1.st', 'ior_n1_2.st'))]).toEqual(['ior']);
    expect(rankCids(cases('ls_node1_1.st', 'ls_node1_2.st', 'ls_node1_3.st')).size).toBe(0);
    expect(rankCids(cases('a_h_0.st', 'a_h_2.st')).size).toBe(0);
    expect(rankCids(cases('a_h_0.st', 'a_h2_0.st')).size).toBe(0);
    expect(rankCids(cases('a_h_0.st', 'a_h_x.st')).size).toBe(0);
    expect(rankCids(cases('a_h_00.st')).size).toBe(0);
    const c = cases('ior_n1_0.st', 'ior_n1_1.st', 'pipe_node1_4711.st');
    const r = rankCids(c);
    expect(c.map((x) => caseLabel(x, r))).toEqual(['ior · rank 0', 'ior · rank 1', 'pipe_node1_4711']);
  });

  it('the real 8-rank runs, named by strace.sh from OMPI_COMM_WORLD_RANK, read as ranks', () => {
    const log = loadFixture('ior-ssf-fpp');
    expect([...rankCids(log.cases)].sort()).toEqual(['fpp', 'ssf']);
  });
});
