// Starts a work-pool worker from TypeScript sources (tests, `node --import tsx`): tsx's loader is
// registered in the worker itself, then the entry (workerData.entry) is imported. `execArgv: ['--import',
// 'tsx']` is not enough: Node 20 does not apply it to a worker's own entry; this works on 20, 22 and 24.
// The compiled server (scripts/build-server.mjs) starts its compiled worker directly, without tsx.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
