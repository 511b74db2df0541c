/**
 * A work-pool worker (service/work-pool.ts starts it): the registry's tools, served off the main thread.
 * scripts/build-server.mjs compiles it beside the server, as its own entry.
 */
import { startNodeEngine } from '../engine/index.ts';
import { toolByName } from '../engine/index.ts';
import { serveTools } from './work-thread.ts';

startNodeEngine(false);
serveTools(toolByName);
