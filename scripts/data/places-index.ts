/**
 * Builds the places index once (engine/places/: GeoNames cities500.txt + datasets/places/admin1.tsv) and
 * writes it with its manifest to node_modules/.cache/places (`<name>.bin` and `<name>.bin.json`: the
 * sources with their versions and checksums, the counts of places, names, postings and divisions, the
 * file's sha256), so servers and test runs start with it in about a second instead of a 10 s build
 * each. `npm start` and `npm test` run it; it is quick when the file is already there. It writes to
 * stderr only (stdout may be an MCP client's protocol stream).
 *
 *   node --import tsx scripts/data/places-index.ts [--fresh]   (--fresh: build and write it even when cached)
 */
import { rm } from 'node:fs/promises';
import { indexFile, startNodeEngine, startPlaces } from '../../engine/index.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts), its places index among them
const file = indexFile();
if (process.argv.includes('--fresh')) await rm(file, { force: true });
const status = await startPlaces();
if (!status.ready) {
  process.stderr.write(`places index: not built (${status.error}); servers will build it in the background\n`);
} else if (status.source === 'built') {
  process.stderr.write(
    `places index: built in ${(status.build_ms / 1000).toFixed(1)} s (${status.places} places, ${status.names} names, ${status.postings} postings)` +
      (status.cache_not_written ? ` but not written (${status.cache_not_written})\n` : `, written to ${file} with its manifest ${file}.json\n`),
  );
}
process.exit(0);
