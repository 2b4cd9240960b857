/** Dropped files and folders → LoadInput[] (names are relative paths inside dropped folders). */
import type { LoadInput } from '../worker/protocol';

interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
interface FileEntry extends Entry {
  file(ok: (f: File) => void, err: (e: unknown) => void): void;
}
interface DirEntry extends Entry {
  createReader(): { readEntries(ok: (e: Entry[]) => void, err: (e: unknown) => void): void };
}

async function walk(entry: Entry, out: LoadInput[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, err) => (entry as FileEntry).file(ok, err));
    out.push({ file, name: entry.fullPath.replace(/^\//, '') || file.name });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as DirEntry).createReader();
  // readEntries returns at most ~100 entries per call: read until empty.
  for (;;) {
    const batch = await new Promise<Entry[]>((ok, err) => reader.readEntries(ok, err));
    if (!batch.length) break;
    for (const e of batch) await walk(e, out);
  }
}

/** Must be called synchronously in the drop handler (DataTransfer items expire after it returns). */
export function collectDrop(dt: DataTransfer): Promise<LoadInput[]> {
  const entries: Entry[] = [];
  const plain: File[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = (item as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null;
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) plain.push(f);
    }
  }
  if (!entries.length && !plain.length) plain.push(...Array.from(dt.files ?? []));
  return (async () => {
    const out: LoadInput[] = plain.map((file) => ({ file, name: file.name }));
    for (const e of entries) await walk(e, out);
    return sortInputs(out);
  })();
}

/** Files from an <input type="file"> (with webkitdirectory, names are relative paths). */
export function collectInput(list: FileList | null): LoadInput[] {
  return sortInputs(Array.from(list ?? []).map((file) => ({ file, name: file.webkitRelativePath || file.name })));
}

const HIDDEN = /(^|\/)\.[^/]*$/;
function sortInputs(inputs: LoadInput[]): LoadInput[] {
  return inputs.filter((i) => !HIDDEN.test(i.name ?? i.file.name)).sort((a, b) => (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0));
}

/** Fetches the shipped samples (public/samples/index.json) as Files, relative to the page. */
export async function fetchExample(base = './samples/'): Promise<LoadInput[]> {
  const res = await fetch(`${base}index.json`);
  if (!res.ok) throw new Error(`could not load ${base}index.json (HTTP ${res.status})`);
  const index: unknown = await res.json();
  const names = exampleNames(index);
  if (!names.length) throw new Error('the sample index lists no files');
  return Promise.all(
    names.map(async (name) => {
      const r = await fetch(base + name.split('/').map(encodeURIComponent).join('/'));
      if (!r.ok) throw new Error(`could not load sample ${name} (HTTP ${r.status})`);
      const blob = await r.blob();
      return { file: new File([blob], name.replace(/^.*\//, '')), name };
    }),
  );
}

/** Accepts `["a.st", …]`, `{files: [...]}` or entries `{file|name|path: "a.st"}`. */
export function exampleNames(index: unknown): string[] {
  const list = Array.isArray(index) ? index : index && typeof index === 'object' ? ((index as { files?: unknown; samples?: unknown }).files ?? (index as { samples?: unknown }).samples) : null;
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const x of list) {
    if (typeof x === 'string') out.push(x);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      const n = o.path ?? o.file ?? o.name;
      if (typeof n === 'string') out.push(n);
      else if (Array.isArray(o.files)) out.push(...o.files.filter((f): f is string => typeof f === 'string').map((f) => (typeof o.dir === 'string' ? `${o.dir}/${f}` : f)));
    }
  }
  return out.filter((n) => !n.includes('..'));
}
