/**
 * The replay folder as one download (docs/FORMATS.md "The replay folder"): its files under one top folder, in a
 * .zip (fflate) or a .tar (modern-tar), run.sh and replay_meta.py executable (mode 755) in both.
 */
import type { ReplayFile } from '../../analysis/replay/folder';

export type PackFormat = 'zip' | 'tar';

const EXEC = 0o755;
const FILE = 0o644;

/** The archive's bytes: every file as `top/path`. */
export async function packFolder(files: readonly ReplayFile[], top: string, format: PackFormat): Promise<Uint8Array> {
  const enc = new TextEncoder();
  if (format === 'tar') {
    const { packTar } = await import('modern-tar');
    const dirs = new Set<string>([top]);
    for (const f of files) for (let k = f.path.indexOf('/'); k > 0; k = f.path.indexOf('/', k + 1)) dirs.add(`${top}/${f.path.slice(0, k)}`);
    return packTar([
      ...[...dirs].map((d) => ({ header: { name: `${d}/`, size: 0, type: 'directory' as const, mode: EXEC } })),
      ...files.map((f) => {
        const body = enc.encode(f.text);
        return { header: { name: `${top}/${f.path}`, size: body.length, mode: f.executable ? EXEC : FILE }, body };
      }),
    ]);
  }
  const { zipSync } = await import('fflate');
  // external attributes: the Unix mode in the high 16 bits (os 3 = Unix), as Info-ZIP writes it
  const entries = Object.fromEntries(files.map((f) => [`${top}/${f.path}`, [enc.encode(f.text), { os: 3, attrs: ((f.executable ? EXEC : FILE) | 0o100000) << 16 }] as const]));
  return zipSync(entries as Parameters<typeof zipSync>[0], { level: 6 });
}
