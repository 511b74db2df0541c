import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One worker more than CI's two cores: most files wait on child processes (servers, Redis, Chromium,
    // the CLI) much of the time. Measured on the 2-core machine, the Node 24 pass: 161 s with 3 workers,
    // 267 s with the default 2, every file passing.
    maxWorkers: 3,
    // Servers the tests start build the place indexes when a request needs them, not each at start-up
    // (about 10 s of a core per server otherwise); tests of the background build set it back.
    env: { PLACE_INDEXES: 'on-demand' },
  },
});
