/** The OTF2 fixtures (src/ingest/otf2/__fixtures__, made by tools/otf2-fixtures.py) as the app drops them. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openArchive } from '../ingest/archive';
import { webInflate } from '../ingest/gzip';
import { bytesSource, type ByteSource } from '../ingest/source';
import { bundleSources } from '../ingest/bundle';
import { otf2Importer } from '../ingest/otf2';
import type { EventLog } from '../model/eventlog';

export const OTF2_FIXTURES = join(__dirname, '..', 'ingest', 'otf2', '__fixtures__');

/** Every file of a fixture folder, named `{name}/{path inside}` as a dropped folder's files are. */
export function otf2Folder(name: string): ByteSource[] {
  const top = join(OTF2_FIXTURES, name);
  const out: ByteSource[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(bytesSource(`${name}/${relative(top, p)}`, new Uint8Array(readFileSync(p))));
    }
  };
  walk(top);
  return out;
}

export interface TruthEvent {
  call: string;
  fp: string;
  layer: string;
  start: number;
  end: number | null;
  size: number | null;
  offset: number | null;
  parent: number;
  /** handles/: its handle has a parent handle, and no operation up the chain holds it (not linked). */
  unmatched?: boolean;
}

export interface Truth {
  resolution: number;
  realtime: number;
  offset: number;
  /** handles/: the operations with a parent handle that nothing up the chain holds. */
  unmatched?: number;
  groups: { name: string; host: string; locations: { name: string; events: TruthEvent[] }[] }[];
}

export const otf2Truth = (name: string): Truth => JSON.parse(readFileSync(join(OTF2_FIXTURES, name, 'truth.json'), 'utf8')) as Truth;

/** The files of a fixture archive (`chunks.tar.gz`), as a dropped archive gives them. */
export async function otf2Archive(file: string): Promise<ByteSource[]> {
  return (await openArchive(bytesSource(file, new Uint8Array(readFileSync(join(OTF2_FIXTURES, file)))), webInflate()))!;
}

/** A fixture folder read by the OTF2 importer (its anchor bundled with its members, as a dropped folder is). */
export async function otf2Fixture(name: string): Promise<EventLog> {
  const anchor = bundleSources(otf2Folder(name), [otf2Importer.bundle!]).sources.find((s) => s.name.endsWith('.otf2'))!;
  return otf2Importer.read(anchor, new Uint8Array(0), {}, { cancel: { cancelled: false }, onBytes: () => {} });
}
