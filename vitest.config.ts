import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Servers the tests start build the place indexes when a request needs them, not each at start-up
    // (about 10 s of a core per server otherwise); tests of the background build set it back.
    env: { PLACE_INDEXES: 'on-demand' },
  },
});
