/**
 * The order `npm test` starts its files in. Vitest's own order runs the longest files first once its
 * cache holds each file's last duration; a fresh clone (CI) has no cache, and vitest then keeps the
 * order it found the files in, so a 90-second file could start last and run alone at the end. Here,
 * until every file has a duration in the cache, a file's weight is the longest timeout it declares (a
 * test's own estimate of how long it may take: a browser file's 360 s, a scratch copy's 30 min), then
 * its size; the heaviest start first, as a longest-first schedule wants.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest timeout a test file declares: the number closing an `it`, `beforeAll` or `describe` call (`}, 360_000);`). */
export function declaredTimeoutMs(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/\},\s*([\d_]+)\s*\)/g)) longest = Math.max(longest, Number(match[1].replaceAll('_', '')));
  return longest;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (file: TestSpecification) => `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    if (files.every((file) => cache.getFileTestResults(key(file)))) return super.sort(files);
    const weights = new Map(
      files.map((file) => {
        const text = readFileSync(file.moduleId, 'utf8');
        return [file, { timeout: declaredTimeoutMs(text), size: text.length }];
      }),
    );
    return [...files].sort((a, b) => {
      const wa = weights.get(a)!;
      const wb = weights.get(b)!;
      return wb.timeout - wa.timeout || wb.size - wa.size;
    });
  }
}
