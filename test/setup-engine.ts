/**
 * Every test file's start-up (vitest.config.ts setupFiles): the engine over the server's data, as the
 * API and MCP stdio start it (engine/start.ts), without the warm-up (tests that need it call it).
 */
import { startNodeEngine } from '../engine/data-node.ts';

startNodeEngine(false);
