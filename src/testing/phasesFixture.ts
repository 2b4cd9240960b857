/** The phases fixture (e2e/fixtures/phases/, README there): 6 ranks, a start-up, a write phase in which
 * rank 3 is slow and a read phase in which rank 1 is slow. */
import { join } from 'node:path';
import type { EventLog } from '../model';
import { traceDirLog } from './traceDir';

export const PHASES_DIR = join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'phases');

export const phasesLog = (): EventLog => traceDirLog(PHASES_DIR);
