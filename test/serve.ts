/**
 * The one way a test runs a server of this project as a child process on loopback: a free port, its own
 * temporary DATA_DIR (unless the test gives one), stdout and stderr kept, ready once `/health` answers
 * (or the test's own check holds), stopped with SIGTERM and waited for. When it does not start, or exits
 * by itself once serving, what it printed goes into the error or onto the test's stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The API's real entry point (`http/server.ts`) through tsx, as `npm start`'s worker runs it compiled. */
export const API_ENTRY = ['--import', 'tsx', 'http/server.ts'];

/**
 * The command `npm start` ends with (package.json's start script, after its last `&&`), split into words:
 * `node`, its flags (the heap limits among them) and the compiled entry.
 */
export const npmStartCommand = (): string[] =>
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split('&&').at(-1)!.trim().split(/\s+/);

/** The node flags `npm start` gives the server. */
export const npmStartFlags = (): string[] => npmStartCommand().filter((a) => a.startsWith('--'));

export interface ServeOptions {
  /** Node's arguments (flags, then the script); the API's entry point by default. */
  args?: string[];
  /** The node binary; the one running the tests by default. */
  node?: string;
  /** Over the test's own environment and the defaults (LOG_FORMAT=json, PORT, DATA_DIR). */
  env?: NodeJS.ProcessEnv;
  /** A free loopback port by default. */
  port?: number;
  /** Ready once this holds (a throw counts as not yet); by default once `GET /health` answers 2xx. */
  ready?: (base: string) => Promise<boolean>;
  /** How long start-up may take: generous, for a busy 2-core machine (60 s by default). */
  timeoutMs?: number;
}

export interface Served {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  /** The server's DATA_DIR: the test's (env.DATA_DIR) or a temporary one that stop() removes. */
  dataDir: string;
  proc: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Its exit code once it has exited and its output is all read (null after a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM: a graceful stop), waits for the exit (SIGKILL after 20 s), returns the code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The API (or `args`) as a child process, not waited for: for a test of how it fails to start. */
export function spawnServer(options: ServeOptions & { port: number }): Served {
  const ownDataDir = options.env?.DATA_DIR === undefined;
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tca-serve-'));
  const proc = spawn(options.node ?? process.execPath, options.args ?? API_ENTRY, {
    cwd: ROOT,
    env: { ...process.env, LOG_FORMAT: 'json', PORT: String(options.port), DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => {
    out += d;
  });
  proc.stderr!.on('data', (d) => {
    out += d;
  });
  proc.on('error', (error) => {
    out += `could not start: ${error.message}\n`; // a missing binary: 'close' follows
  });
  // 'close', not 'exit': by then all it printed has been read.
  const exited = new Promise<number | null>((resolve) => proc.once('close', (code) => resolve(code)));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    stopping = true;
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    return exited;
  };
  const served: Served = { base: `http://127.0.0.1:${options.port}`, port: options.port, dataDir, proc, output: () => out, exited, stop };
  void exited.then((code) => {
    if (!stopping && watched.has(served)) process.stderr.write(`the server at ${served.base} exited by itself (${code ?? proc.signalCode}):\n${out}\n`);
  });
  return served;
}

/** Servers that were serving: one that exits without stop() prints its output on the test's stderr. */
const watched = new WeakSet<Served>();

/** Starts the API (or `args`) and resolves once it is ready; throws with its output if it exits or times out. */
export async function serve(options: ServeOptions = {}): Promise<Served> {
  const served = spawnServer({ ...options, port: options.port ?? (await freePort()) });
  const ready = options.ready ?? (async (base: string) => (await fetch(`${base}/health`)).ok);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (served.proc.exitCode === null && served.proc.signalCode === null && Date.now() < deadline) {
    try {
      if (await ready(served.base)) {
        watched.add(served);
        return served;
      }
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const why = served.proc.exitCode === null && served.proc.signalCode === null ? 'was not ready in time' : 'exited while starting';
  await served.stop('SIGKILL');
  const command = [options.node ?? 'node', ...(options.args ?? API_ENTRY)].join(' ');
  throw new Error(`the server at ${served.base} ${why} (${command}):\n${served.output()}`);
}
