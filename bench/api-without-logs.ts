/**
 * The API exactly as `npm start` runs it (http/boot.ts), minus the request logger: the bench runs
 * GET /v1/time against both and prints what one log line per request costs.
 */
import { startServer } from '../http/boot.ts';
import { loadSettingsOrExit } from '../service/settings.ts';

await startServer(loadSettingsOrExit(), { requestLogs: false });
