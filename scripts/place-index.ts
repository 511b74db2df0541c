/**
 * Builds the place-name index once and caches it (node_modules/.cache/place-names), so servers and
 * test runs start with it in about a second instead of a 10 s build each. `npm start` and `npm test`
 * run it; it is quick when the cache is already there. It writes to stderr only (stdout may be an MCP
 * client's protocol stream).
 */
import { startPlaceNames } from '../engine/geo/place-names.ts';

const status = await startPlaceNames();
if (!status.ready) {
  process.stderr.write(`place-name index: not built (${status.error}); servers will build it in the background\n`);
} else if (status.source === 'built') {
  process.stderr.write(
    `place-name index: built in ${(status.build_ms / 1000).toFixed(1)} s and cached${status.cache_not_written ? ` (not cached: ${status.cache_not_written})` : ''}\n`,
  );
}
process.exit(0);
