/**
 * `npm run test:unit`: the tests that start no server process, browser or child process, in under a
 * minute of a busy 2-core machine: the engine's and the service's, and the front ends' that call the h3
 * app, the MCP server (in memory) or a page's modules in process (a loopback stand-in for the elevation
 * provider is the one socket). Left to `npm test`: the files that spawn Node, even among the engine's
 * and the service's, and the tests tagged `sweep` (vitest.config.ts) — the exhaustive ones.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'test/engine/**/*.test.ts',
      'test/service/**/*.test.ts',
      'test/architecture.test.ts',
      'test/scripts/doc-blocks.test.ts',
      'test/mcp/{discovery,json-schema,server,tools-list-budget}.test.ts',
      'test/http/{app,error-texts,meeting,now,openapi,provenance,rate-limit,readme,recurrence,robustness,serialize,service,zone-input}.test.ts',
      'test/http/middleware/*.test.ts',
      'test/website/{answers,labels,meeting-planner,result-table}.test.ts',
    ],
    exclude: [
      ...configDefaults.exclude,
      // Each spawns Node: date-holidays alone over every jurisdiction, `npm run tzdb`, an esbuild bundle of the pool.
      'test/engine/holidays/earth-positions.test.ts',
      'test/engine/time/tzdb.test.ts',
      'test/service/work-pool.test.ts',
      // Needs the engine's modules fresh (its holiday caches built from a page's data first): npm test isolates it.
      'test/engine/data.test.ts',
    ],
    tagsFilter: ['!sweep'],
    // A worker's files share their imported modules instead of importing the engine afresh each: on the
    // 2-core VM under load average 15-19, 222 s (89 s of CPU, 142 s of it importing) -> 65 s (33 s).
    // So a test here must not depend on a module's state being fresh (a loaded index, a filled cache);
    // none mocks modules or stubs globals. npm test isolates every file.
    isolate: false,
  },
});
