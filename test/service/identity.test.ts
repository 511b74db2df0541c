/** The name and version every front end states are package.json's. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE, VERSION } from '../../service/identity.ts';

describe('service/identity.ts', () => {
  it("is package.json's name and version", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect({ SERVICE, VERSION }).toEqual({ SERVICE: pkg.name, VERSION: pkg.version });
  });
});
