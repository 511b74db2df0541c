/**
 * The API exactly as http/server.ts builds it, minus the request logger: the bench runs GET /v1/time
 * against both and prints what one log line per request costs.
 */
import { serve } from 'h3';
import { warmUp } from '../engine/health.ts';
import { createApp } from '../http/app.ts';
import { providersFrom } from '../http/providers.ts';
import { loadSettingsOrExit } from '../http/settings.ts';

const settings = loadSettingsOrExit();
warmUp();
const { app } = createApp({ settings, ctx: { now: () => new Date(), ...providersFrom(settings) } });
const server = serve(app, { port: settings.port, hostname: settings.host, silent: true, gracefulShutdown: false });
await server.ready();
