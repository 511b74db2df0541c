import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The engine's data bound as the servers bind it (engine/start.ts), before each file's tests.
    setupFiles: ['test/setup-engine.ts'],
    // Vitest's default is one worker fewer than the cores: on a 2-core CI runner the files ran one at a
    // time, while most of their time is spent waiting on child processes (servers, Chromium, the site
    // build). Two workers there; tests that do real work give it real time (their own timeouts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Servers the tests start build the place indexes when a request needs them, not each at start-up
    // (about 10 s of a core per server otherwise); tests of the background build set it back.
    env: { PLACE_INDEXES: 'on-demand' },
    tags: [
      {
        name: 'sweep',
        // Every jurisdiction, every day of centuries, tens of thousands of points, an index rebuilt: seconds of CPU each.
        description: 'An exhaustive check: npm test runs it, npm run test:unit leaves it out.',
      },
    ],
  },
});
