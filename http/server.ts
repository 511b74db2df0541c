/**
 * The API process (`npm start` runs WORKERS of them under http/supervisor.ts, which restarts one that
 * dies): read settings (an invalid one stops start-up with one line, as does an address it cannot listen
 * on), start the API, tell the supervisor it serves, and on SIGTERM/SIGINT stop accepting, let in-flight
 * requests finish, flush every count, and exit 0. Under the supervisor the one line goes to it (it prints
 * it once, however many workers failed alike); run alone, this process prints it.
 */
import { startServer } from './boot.ts';
import { loadSettings, SettingsError, type Settings } from '../service/settings.ts';
import type { FatalMessage, ReadyMessage } from './supervisor.ts';

/** Why an address cannot be listened on, the setting to change, and a command that would start. */
const LISTEN_ERRORS: Record<string, (s: Settings) => string> = {
  EADDRINUSE: (s) => `(PORT): the address is already in use. Start on another port: PORT=${s.port < 65535 ? s.port + 1 : 8787} npm start`,
  EACCES: () => '(PORT): permission denied (ports below 1024 need privileges). Start on a port above 1023: PORT=8787 npm start',
  EADDRNOTAVAIL: () => '(HOST): no interface of this machine has that address. Start on the loopback address: HOST=127.0.0.1 npm start',
};

/** Stops start-up with one line: to the supervisor when there is one (it prints it), else on stderr. */
async function fail(line: string): Promise<never> {
  const send = process.send?.bind(process);
  if (send) await new Promise((resolve) => send({ type: 'fatal', line } satisfies FatalMessage, resolve));
  else process.stderr.write(`${line}\n`);
  process.exit(1);
}

const settings = await (async () => {
  try {
    return loadSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return fail(error.message);
  }
})();
const { stop } = await startServer(settings).catch((error: NodeJS.ErrnoException) => {
  const reason = LISTEN_ERRORS[error?.code ?? ''];
  if (!reason) throw error;
  return fail(`Cannot listen on ${settings.host} port ${settings.port} ${reason(settings)}`);
});
// A second signal (Ctrl-C reaches the supervisor and this process alike, and the supervisor passes its
// own on) waits for the same stop: every count is flushed before the exit.
let stopping = false;
const exit = (signal: string) => {
  if (stopping) return;
  stopping = true;
  void stop(signal).then(() => process.exit(0));
};
process.on('SIGTERM', () => exit('SIGTERM'));
process.on('SIGINT', () => exit('SIGINT'));
process.send?.({ type: 'ready', logFormat: settings.logFormat } satisfies ReadyMessage);
