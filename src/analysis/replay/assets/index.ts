/**
 * The two programs written into every replay folder (docs/FORMATS.md "The replay folder"), kept here as the
 * files they are (shell and Python checks read them as such) and bundled as text:
 * - `run.sh` (POSIX sh): reads `cases.tsv` and `files.tsv`, prepares the root, then runs every case at once
 *   here, or the case of its rank under srun/mpirun; under STRACE_DFG_TRACE=TRDIR each case runs under
 *   `strace -f -tt -T -y`.
 * - `replay_meta.py` (Python 3, standard library only; docs/METHOD.md "Replay" says why): one case's metadata
 *   list (`meta/caseK.tsv`) made under the replay root, in order, for the phases asked; one line on stderr says
 *   how many calls ended as recorded and names those that did not.
 */
import runScript from './run.sh?raw';
import metaProgram from './replay_meta.py?raw';

export const RUN_SCRIPT: string = runScript;
export const META_PROGRAM: string = metaProgram;
