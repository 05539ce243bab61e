import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';

// A bounded loopback load test: 32 concurrent clients, 10,000 registrations and compatibility
// checks (plus duplicate registrations and reads), then every answer and id is checked. It prints
// requests/s and p50/p99 latency per phase, with the ratio to GET / on the same server measured
// just before the phase (the HTTP floor), which is what the registry adds.
const CLIENTS = 32;
const SUBJECTS = 200;
const VERSIONS = 25;
const CHECKS = 5_000;
const DUPLICATES = 500;

const schemaOf = (subject: number, version: number): string => JSON.stringify({
  type: 'record', name: `R${subject}`, namespace: 'load',
  fields: Array.from({ length: version }, (_, f) => (f === 0 ? { name: 'f0', type: 'long' } : { name: `f${f}`, type: 'string', default: '' })),
});
const SHARED = JSON.stringify({ type: 'record', name: 'Shared', namespace: 'load', fields: [{ name: 'id', type: 'long' }] });

let server: RunningServer;
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(async () => {
  agent.destroy();
  await server.close();
});

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly ms: number;
}

function call(method: string, path: string, body?: unknown): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, agent, headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Runs the tasks on `CLIENTS` concurrent workers; returns replies in task order and the wall time. */
async function runPhase(tasks: ReadonlyArray<() => Promise<Reply>>): Promise<{ replies: Reply[]; seconds: number }> {
  const replies: Reply[] = new Array<Reply>(tasks.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < tasks.length) {
      const i = next++;
      replies[i] = await (tasks[i] as () => Promise<Reply>)();
    }
  }));
  return { replies, seconds: (performance.now() - started) / 1000 };
}

interface Figures {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

function figures(phase: { replies: readonly Reply[]; seconds: number }): Figures {
  const sorted = phase.replies.map((reply) => reply.ms).sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { requests: sorted.length, perSecond: sorted.length / phase.seconds, p50: at(0.5), p99: at(0.99) };
}

const line = (name: string, f: Figures, floor: Figures): string =>
  `${name.padEnd(34)} ${String(f.requests).padStart(6)} req  ${f.perSecond.toFixed(0).padStart(6)} req/s (${(f.perSecond / floor.perSecond).toFixed(2)}x GET /)  p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms`;

describe('load: concurrent clients on a loopback server', () => {
  it('loses nothing, keeps ids consistent and gives concurrent registrations of one schema one id', async () => {
    await runPhase(Array.from({ length: 200 }, () => () => call('GET', '/'))); // warm-up
    // The yardstick runs right before each phase, so a machine whose load drifts is measured alike on both sides.
    const floor = async (): Promise<Figures> => figures(await runPhase(Array.from({ length: 500 }, () => () => call('GET', '/'))));
    const report: string[] = [`load test (node ${process.version}, ${CLIENTS} concurrent keep-alive clients, one process; yardstick: 500 x GET / just before each phase):`];

    // Phase 1: 5,000 registrations (200 subjects x 25 versions, any order within a subject) and 500
    // registrations of one schema under 20 subjects, interleaved, all at once.
    const registrations: Array<() => Promise<Reply>> = [];
    for (let v = 1; v <= VERSIONS; v++) {
      for (let s = 0; s < SUBJECTS; s++) registrations.push(() => call('POST', `/subjects/load-${s}-value/versions`, { schema: schemaOf(s, v) }));
      for (let d = 0; d < DUPLICATES / VERSIONS; d++) registrations.push(() => call('POST', `/subjects/shared-${d}/versions`, { schema: SHARED }));
    }
    const registerFloor = await floor();
    const registered = await runPhase(registrations);
    report.push(line('register (5,000 new + 500 duplicate)', figures(registered), registerFloor));
    expect(registered.replies.filter((reply) => reply.status !== 200)).toEqual([]);
    const sharedIds = new Set(registered.replies.filter((_, i) => i % (SUBJECTS + DUPLICATES / VERSIONS) >= SUBJECTS).map((reply) => (reply.body as { id: number }).id));
    expect(sharedIds.size).toBe(1);

    // Phase 2: 5,000 compatibility checks with known answers (odd ones add a field without a default: incompatible).
    const checks = Array.from({ length: CHECKS }, (_, i) => {
      const s = i % SUBJECTS;
      const fields = [...(JSON.parse(schemaOf(s, VERSIONS)) as { fields: object[] }).fields, i % 2 ? { name: 'extra', type: 'int' } : { name: 'extra', type: 'int', default: 0 }];
      const candidate = JSON.stringify({ type: 'record', name: `R${s}`, namespace: 'load', fields });
      return () => call('POST', `/compatibility/subjects/load-${s}-value/versions/latest`, { schema: candidate });
    });
    const checkFloor = await floor();
    const checked = await runPhase(checks);
    report.push(line('compatibility check (latest)', figures(checked), checkFloor));
    expect(checked.replies.map((reply, i) => [reply.status, (reply.body as { is_compatible: boolean }).is_compatible === (i % 2 === 0)]).filter(([status, ok]) => status !== 200 || !ok)).toEqual([]);

    // Nothing lost: every subject has versions 1..25, each version has its own id whose schema is the one registered.
    const registry = server.registry;
    const ids = new Set<number>();
    for (let s = 0; s < SUBJECTS; s++) {
      expect(await registry.listVersions(`load-${s}-value`)).toEqual(Array.from({ length: VERSIONS }, (_, i) => i + 1));
      const stored = new Set<string>();
      for (let v = 1; v <= VERSIONS; v++) {
        const found = await registry.getVersion(`load-${s}-value`, v);
        expect((await registry.getById(found.id)).schema).toBe(found.schema);
        stored.add(found.schema);
        ids.add(found.id);
      }
      // Versions may have landed in any order; each of the 25 schemas is there once.
      expect(stored).toEqual(new Set(Array.from({ length: VERSIONS }, (_, v) => schemaOf(s, v + 1))));
    }
    expect(ids.size).toBe(SUBJECTS * VERSIONS);
    expect([...sharedIds].some((id) => ids.has(id))).toBe(false);
    for (let d = 0; d < DUPLICATES / VERSIONS; d++) expect(await registry.listVersions(`shared-${d}`)).toEqual([1]);

    const readFloor = await floor();
    const reads = await runPhase([...ids].slice(0, 1_000).map((id) => () => call('GET', `/schemas/ids/${id}`)));
    report.push(line('GET /schemas/ids/{id}', figures(reads), readFloor), line('GET / (yardstick, last run)', readFloor, readFloor));
    expect(reads.replies.filter((reply) => reply.status !== 200)).toEqual([]);

    console.log(report.join('\n'));
  });
});
