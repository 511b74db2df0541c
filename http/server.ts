/**
 * Entry point (`npm start`): read settings (an invalid one stops start-up with one line), start the API,
 * and on SIGTERM/SIGINT stop accepting, let in-flight requests finish, flush every count, and exit 0.
 */
import { startServer } from './boot.ts';
import { loadSettingsOrExit } from '../service/settings.ts';

const settings = loadSettingsOrExit();
const { stop } = await startServer(settings);
const exit = (signal: string) => void stop(signal).then(() => process.exit(0));
process.on('SIGTERM', () => exit('SIGTERM'));
process.on('SIGINT', () => exit('SIGINT'));
