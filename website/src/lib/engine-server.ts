/**
 * The site build's engine (server-side rendering only): started over the server's data, as the API and
 * MCP stdio start it (engine/start.ts), so a page's worked example is the API's answer. Imported by the
 * modules every page and discovery file reads (site.ts, zone-data.ts); a calculator page's browser
 * bundle starts its own over the data it fetches (website/src/scripts/page-engine.ts).
 */
import { startNodeEngine } from '../../../engine/index.ts';

startNodeEngine(false);
