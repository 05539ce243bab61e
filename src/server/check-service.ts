import type { MessagePort } from 'node:worker_threads';
import { createLocalJudge } from 'schema-compat/registry';
import type { JudgedSchema, SchemaSource, VerdictRequest } from 'schema-compat/registry';
import { checkersFrom } from './checker-recipes.js';
import type { FromWorker, ToWorker, WorkerSetup } from './check-protocol.js';
import { SourceFailure, toWireError } from './check-protocol.js';

/**
 * The worker's side: rebuilds the server's checkers, then judges one task at a time, asking the
 * server for the stored schemas it has not parsed yet (the server keeps storage and ids).
 */
export function serveChecks(port: MessagePort, setup: WorkerSetup): void {
  const send = (message: FromWorker): void => port.postMessage(message);
  const waiting = new Map<number, { resolve: (schema: JudgedSchema) => void; reject: (error: Error) => void }>();
  const asked = new Map<number, Promise<JudgedSchema>>();
  const source: SchemaSource = {
    schema: (id) => {
      const known = asked.get(id);
      if (known !== undefined) return known;
      const answer = new Promise<JudgedSchema>((resolve, reject) => waiting.set(id, { resolve, reject }));
      asked.set(id, answer);
      send({ kind: 'need', id });
      return answer;
    },
  };
  const ready = checkersFrom(setup.recipes).then((checkers) => createLocalJudge(checkers, { cacheSize: setup.cacheSize }));
  // Sent before any verdict: a worker that fails before it is ready did not start (the server then checks in its own thread).
  void ready.then(() => send({ kind: 'ready' }), () => undefined);
  const run = async (request: VerdictRequest): Promise<void> => {
    try {
      const judge = await ready;
      send({ kind: 'done', verdict: await judge(request, source) });
    } catch (error: unknown) {
      send({ kind: 'failed', error: toWireError(error) });
    } finally {
      asked.clear();
      waiting.clear();
    }
  };
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'task') {
      void run(message.request);
      return;
    }
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.kind === 'schema') pending?.resolve(message.schema);
    else pending?.reject(new SourceFailure(message.id));
  });
}
