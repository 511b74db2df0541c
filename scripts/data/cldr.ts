/**
 * Writes datasets/cldr/territories.json (CLDR's English territory names, `main/en/territories.json` of the
 * npm package cldr-localenames-full, byte for byte) and its manifest datasets/cldr/territories.manifest.json
 * (source, the package with its version, tarball, integrity and publication time, the CLDR release, the
 * file's sha256, licence): the one file of that 35 MB package the engine reads (country names:
 * engine/data-node.ts for the server, engine/browser/calculator-data.ts for the pages), so no install
 * carries the package.
 *
 * How it was obtained: this script fetches the package's tarball into a temporary folder (`npm pack
 * cldr-localenames-full@<version>`), checks it against the registry's integrity and that its CLDR
 * release is cldr-core's (the package's peer, installed), and copies the file; run it again only to move
 * to another release, with cldr-core's version (then `npm run versions`).
 *
 *   node --import tsx scripts/data/cldr.ts [--version 48.2.0]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = 'cldr-localenames-full';
const FILE = 'main/en/territories.json';
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const version = args.includes('--version') ? args[args.indexOf('--version') + 1] : (require('cldr-core/package.json') as { version: string }).version;
const out = new URL('../../datasets/cldr/', import.meta.url);

const npm = (...a: string[]) => JSON.parse(execFileSync('npm', a, { encoding: 'utf8' })) as unknown;
const meta = npm('view', `${PACKAGE}@${version}`, 'dist', '--json') as { tarball: string; integrity: string };
const published = (npm('view', PACKAGE, 'time', '--json') as Record<string, string>)[version];
const temp = mkdtempSync(join(tmpdir(), 'cldr-'));
try {
  const [packed] = npm('pack', `${PACKAGE}@${version}`, '--json', '--pack-destination', temp) as { filename: string; integrity: string }[];
  if (packed.integrity !== meta.integrity) throw new Error(`tarball integrity ${packed.integrity} is not the registry's ${meta.integrity}`);
  execFileSync('tar', ['-xzf', join(temp, packed.filename), '-C', temp, `package/${FILE}`, 'package/package.json']);
  const pkg = JSON.parse(readFileSync(join(temp, 'package', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    peerDependencies?: Record<string, string>;
  };
  if (pkg.name !== PACKAGE || pkg.version !== version) throw new Error(`the tarball holds ${pkg.name} ${pkg.version}, not ${PACKAGE} ${version}`);
  const core = (require('cldr-core/package.json') as { version: string }).version;
  if (pkg.peerDependencies?.['cldr-core'] !== core)
    throw new Error(`${PACKAGE} ${version} wants cldr-core ${pkg.peerDependencies?.['cldr-core']}, ${core} is installed`);
  const bytes = readFileSync(join(temp, 'package', FILE));
  const territories = (JSON.parse(bytes.toString('utf8')) as { main: { en: { localeDisplayNames: { territories: Record<string, string> } } } }).main.en
    .localeDisplayNames.territories;
  const manifest = {
    file: 'territories.json',
    content: `CLDR's English names of territories (ISO 3166 regions and UN M49 areas), ${PACKAGE}'s ${FILE} byte for byte`,
    source: 'https://cldr.unicode.org/ (Unicode CLDR, JSON from https://github.com/unicode-org/cldr-json)',
    obtained_from: { package: PACKAGE, version, file: FILE, tarball: meta.tarball, integrity: meta.integrity, published },
    cldr_release: (require('cldr-core/supplemental/weekData.json') as { supplemental: { version: { _cldrVersion: string } } }).supplemental.version
      ._cldrVersion,
    licence: 'Unicode-3.0, https://www.unicode.org/license.txt',
    territories: Object.keys(territories).length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    made_by: 'scripts/data/cldr.ts',
  };
  writeFileSync(new URL(manifest.file, out), bytes);
  writeFileSync(new URL('territories.manifest.json', out), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stderr.write(
    `cldr: ${manifest.territories} territories of ${PACKAGE} ${version} → datasets/cldr/territories.json (sha256 ${manifest.sha256.slice(0, 12)}…)\n`,
  );
} finally {
  rmSync(temp, { recursive: true, force: true });
}
