/**
 * A server's first start builds the places index in its own process (engine/places/places-node.ts), under
 * npm start's heap flags (package.json's start script, read by test/serve.ts): the build, records and
 * name blocks included, must fit in them. It did not once, when every distinct name was a Map key and
 * every name a Buffer object (engine/places/records.ts packs them into typed arrays now).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { npmStartFlags } from '../../serve.ts';

describe('a first build of the places index', () => {
  it("fits in npm start's heap limit", { tags: ['sweep'], timeout: 300_000 }, () => {
    const flags = npmStartFlags().filter((f) => /^--max-(old|semi)-space-size=/.test(f));
    expect(flags.some((f) => f.startsWith('--max-old-space-size='))).toBe(true);
    const script =
      "const { buildPlacesAfresh } = await import('./engine/places/places-node.ts'); const ix = await buildPlacesAfresh(); console.log(ix.count, ix.keyCount);";
    const run = spawnSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/heap out of memory/);
    expect(run.stdout.trim()).toBe('199568 713160');
    expect(run.status).toBe(0);
  });
});
