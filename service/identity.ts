/**
 * The service's name and version, as every front end and document states them: package.json's `name` and
 * `version`, written here rather than imported so esbuild's bundles and the site build need no JSON
 * (test/service/identity.test.ts fails when the two disagree).
 */
export const SERVICE = 'time-coordinate-api';
export const VERSION = '0.1.0';
