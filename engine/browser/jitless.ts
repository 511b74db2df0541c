/**
 * Pages run under a policy without 'unsafe-eval'. zod decides when an object schema is built whether to
 * compile a fast parser with `new Function`, probing once for eval; in a page that probe is a blocked eval
 * the browser reports as a policy violation (Lighthouse's best-practices counts it), and zod then parses
 * without it anyway. Imported first by the browser entry, so it runs before any schema is built.
 */
import { config } from 'zod';

config({ jitless: true });
