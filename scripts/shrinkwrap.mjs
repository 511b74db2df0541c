#!/usr/bin/env node
// The package's npm-shrinkwrap.json, written by `prepack` and removed by `postpack`: package-lock.json's
// run-time entries (those npm does not flag `dev`), so an install of the package (`npx -y
// time-coordinate-api`) gets exactly the tested versions of every data package and of their
// dependencies; package.json pins only the direct ones. The checkout keeps package-lock.json alone.
//
//   node scripts/shrinkwrap.mjs [--remove]
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const target = new URL('../npm-shrinkwrap.json', import.meta.url);
if (process.argv.includes('--remove')) {
  rmSync(target, { force: true });
} else {
  const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
  const packages = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '') {
      const { devDependencies: _dev, ...root } = entry;
      packages[path] = root;
    } else if (!entry.dev) {
      packages[path] = entry;
    }
  }
  writeFileSync(target, `${JSON.stringify({ ...lock, packages }, null, 2)}\n`);
  process.stderr.write(`shrinkwrap: npm-shrinkwrap.json with ${Object.keys(packages).length - 1} run-time packages\n`);
}
