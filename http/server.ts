/**
 * The API process (`npm start` runs it under http/supervisor.ts, which restarts it if it dies): read
 * settings (an invalid one stops start-up with one line, as does an address it cannot listen on), start
 * the API, tell the supervisor it serves, and on SIGTERM/SIGINT stop accepting, let in-flight requests
 * finish, flush every count, and exit 0.
 */
import { startServer } from './boot.ts';
import { loadSettingsOrExit } from '../service/settings.ts';
import type { ReadyMessage } from './supervisor.ts';

const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'the address is already in use',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'no interface of this machine has that address',
};

const settings = loadSettingsOrExit();
const { stop } = await startServer(settings).catch((error: NodeJS.ErrnoException) => {
  const reason = LISTEN_ERRORS[error?.code ?? ''];
  if (!reason) throw error;
  process.stderr.write(`Cannot listen on ${settings.host} port ${settings.port} (HOST, PORT): ${reason} (${error.code})\n`);
  process.exit(1);
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
