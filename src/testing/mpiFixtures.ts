/**
 * Test helper (Node only): the real multi-rank runs of e2e/fixtures (gzip'd strace files, see the README
 * there) as one merged EventLog, the way the app loads a dropped folder.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseStraceBytes } from '../ingest/strace';
import { mergeLogs, type EventLog } from '../model';

export type MpiFixture = 'ior-ssf-fpp' | 'ior-mpiio' | 'make-threads';

const root = new URL('../../e2e/fixtures/', import.meta.url);

/** The fixture's traces as [file name without .gz, bytes]. */
export function fixtureFiles(name: MpiFixture): [string, Uint8Array][] {
  const dir = new URL(`${name}/`, root);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.st.gz'))
    .sort()
    .map((f) => [f.slice(0, -3), new Uint8Array(gunzipSync(readFileSync(new URL(f, dir))))]);
}

export function loadFixture(name: MpiFixture): EventLog {
  return mergeLogs(fixtureFiles(name).map(([f, bytes]) => parseStraceBytes(f, bytes)));
}
