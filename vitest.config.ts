import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The engine's data bound as the servers bind it (engine/start.ts), before each file's tests.
    setupFiles: ['test/setup-engine.ts'],
    // Vitest's default is one worker fewer than the cores: on a 2-core CI runner the files ran one at a
    // time, while much of their time is spent waiting on child processes (servers, Chromium, the site
    // build). One worker more than the cores: on the 2-core VM two workers kept 1.38 cores busy (422 s),
    // three 1.45 (396 s). Tests that do real work give it real time (their own timeouts).
    maxWorkers: availableParallelism() + 1,
    // The longest files first, also in a fresh clone with no durations cached (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
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
