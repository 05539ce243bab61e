// The entry of a check worker thread (dist/check-worker.js): see check-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerSetup } from './check-protocol.js';
import { serveChecks } from './check-service.js';

if (parentPort !== null) serveChecks(parentPort, workerData as WorkerSetup);
