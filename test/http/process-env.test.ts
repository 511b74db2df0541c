/** http/process-env.ts: what npm start's supervisor adds to each API process's environment. */
import { describe, expect, it } from 'vitest';
import { PROCESS_ENV, processEnvDefaults } from '../../http/process-env.ts';

describe('the API processes’ environment', () => {
  it('limits glibc to two malloc arenas', () => {
    expect(PROCESS_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(processEnvDefaults({})).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it('leaves a variable the operator set as it is, even empty', () => {
    expect(processEnvDefaults({ MALLOC_ARENA_MAX: '4' })).toEqual({});
    expect(processEnvDefaults({ MALLOC_ARENA_MAX: '' })).toEqual({});
  });
});
