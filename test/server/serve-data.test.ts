import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { get, post, serveData } from './data-process.js';
import type { ServeChild } from './data-process.js';

// These spawn the built CLI (dist/cli.js): run `npx tsup` first when calling vitest with the nosetup config.
const folders: string[] = [];
const children: ServeChild[] = [];
afterEach(() => {
  for (const served of children.splice(0)) served.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'schema-compat-data-'));
  folders.push(folder);
  return join(folder, 'registry');
}

async function start(dir: string, extra: readonly string[] = []): Promise<ServeChild> {
  const served = await serveData(dir, extra);
  children.push(served);
  return served;
}

async function kill(served: ServeChild): Promise<void> {
  served.child.kill('SIGKILL');
  await served.exited;
}

const record = (n: number): string => JSON.stringify({ type: 'record', name: 'R', fields: Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'int', default: 0 })) });

describe('schema-compat serve --data DIR (a real server process, killed and restarted)', () => {
  it('keeps every acknowledged registration through SIGKILL during concurrent writes, and never reuses an id', async () => {
    const dir = dataFolder();
    const first = await start(dir);
    expect(await post(`${first.url}/config/s0`, { compatibility: 'FULL' }, 'PUT')).toEqual({ status: 200, body: { compatibility: 'FULL' } });
    await post(`${first.url}/subjects/gone/versions`, { schema: '"string"' });
    await post(`${first.url}/subjects/soft/versions`, { schema: '"boolean"' });
    expect((await fetch(`${first.url}/subjects/soft/versions/1`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${first.url}/subjects/gone`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${first.url}/subjects/gone?permanent=true`, { method: 'DELETE' })).status).toBe(200);
    // 4 subjects x 12 versions, all in flight at once; the kill comes after the 16th answer.
    const acknowledged: Array<{ subject: string; fields: number; id: number }> = [];
    let killed: Promise<void> | undefined;
    const writes = Array.from({ length: 48 }, async (_, i) => {
      const subject = `s${i % 4}`;
      const fields = 1 + Math.floor(i / 4);
      try {
        const answer = await post(`${first.url}/subjects/${subject}/versions`, { schema: record(fields) });
        if (answer.status === 200) acknowledged.push({ subject, fields, id: (answer.body as { id: number }).id });
        if (acknowledged.length === 16) killed ??= kill(first);
      } catch {
        // Refused or cut by the kill: never acknowledged.
      }
    });
    await Promise.all(writes);
    await (killed ?? kill(first));
    expect(acknowledged.length).toBeGreaterThanOrEqual(16);
    expect(acknowledged.length).toBeLessThan(48);

    const second = await start(dir);
    expect(second.stderr()).not.toContain('warning');
    for (const write of acknowledged) {
      const found = await post(`${second.url}/subjects/${write.subject}`, { schema: record(write.fields) });
      expect([write.subject, found.status, (found.body as { id: number }).id]).toEqual([write.subject, 200, write.id]);
    }
    expect(await get(`${second.url}/config/s0`)).toEqual({ compatibilityLevel: 'FULL' });
    expect(await get(`${second.url}/subjects/soft/versions`)).toEqual({ error_code: 40401, message: "Subject 'soft' not found." });
    expect(await get(`${second.url}/subjects/soft/versions?deleted=true`)).toEqual([1]);
    // Ids 1 (the hard-deleted "string") and 2 are taken for good: a new schema gets the next one after every id ever given.
    const before = Math.max(2, ...acknowledged.map((write) => write.id));
    const fresh = await post(`${second.url}/subjects/new/versions`, { schema: '"bytes"' });
    expect((fresh.body as { id: number }).id).toBeGreaterThan(before);
    expect((await post(`${second.url}/subjects/again/versions`, { schema: '"string"' })).body).toEqual({ id: 1 });
  }, 10_000);
});
