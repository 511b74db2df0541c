/**
 * The environment npm start gives each API process it runs (http/supervisor.ts), where the operator has
 * not set the variable: read by the C library when a process starts, so it cannot be set from inside.
 *
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena (up to 8 per core),
 *   and an API process has a dozen threads (V8's platform and GC threads, libuv's pool, the work pool's
 *   worker); each arena keeps the memory freed in it. Two arenas: RSS after every route of the bench
 *   about 10 MB lower (issue 31), with GET /v1/time's CPU per request unchanged in interleaved A/B rounds.
 *   musl and other C libraries ignore it.
 *
 * bench/run.ts starts its servers with the same environment, so what it measures is what npm start runs.
 */
export const PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** PROCESS_ENV without the variables `env` already sets (the operator's value wins). */
export const processEnvDefaults = (env: NodeJS.ProcessEnv = process.env): Record<string, string> =>
  Object.fromEntries(Object.entries(PROCESS_ENV).filter(([name]) => env[name] === undefined));
