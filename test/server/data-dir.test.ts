import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry } from 'schema-compat/registry';
import { DataDirError, openFileStorage } from 'schema-compat/server';
import type { FileStorage } from 'schema-compat/server';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'schema-compat-data-'));
  folders.push(folder);
  return folder;
}

const record = (n: number): string => JSON.stringify({ type: 'record', name: 'R', fields: Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'int', default: 0 })) });

async function refusal(opening: Promise<FileStorage>): Promise<string> {
  try {
    await (await opening).close();
  } catch (error: unknown) {
    if (error instanceof DataDirError) return error.message;
    throw error;
  }
  throw new Error('expected a DataDirError');
}

describe('openFileStorage (schema-compat/server): a registry data folder', () => {
  it('drops a torn tail with a warning, loads everything before it, and appends after it', async () => {
    const dir = join(tempFolder(), 'data');
    const first = await openFileStorage(dir, { mode: 'pulsar' });
    const writer = createRegistry({ mode: first.mode, storage: first.storage });
    expect(await writer.register('t', record(1))).toMatchObject({ id: 1, version: 0 });
    expect(await writer.register('t', record(2))).toMatchObject({ id: 2, version: 1 });
    await first.close();
    const whole = readFileSync(first.logPath).length;
    // Half a record: a length that promises more bytes than follow (a crash during the write).
    appendFileSync(first.logPath, Buffer.from([0, 0, 0, 90, 1, 2, 3, 4, 123, 34]));
    const warnings: string[] = [];
    const second = await openFileStorage(dir, { onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([`${first.logPath}: dropped a record of 90 bytes cut short at byte ${whole} (a write that was never acknowledged, or a damaged disk); everything before it is loaded`]);
    expect(second.mode).toBe('pulsar');
    const reader = createRegistry({ mode: second.mode, storage: second.storage });
    expect(await reader.listVersions('t')).toEqual([0, 1]);
    expect(await reader.register('u', '"string"')).toMatchObject({ id: 3, version: 0 });
    await second.close();
    const third = await openFileStorage(dir, { onWarning: (message) => warnings.push(message) });
    expect(warnings).toHaveLength(1);
    expect(await createRegistry({ mode: third.mode, storage: third.storage }).listSubjects()).toEqual(['t', 'u']);
    await third.close();
  });

  it('drops a record whose checksum does not match, and what follows it', async () => {
    const dir = tempFolder();
    const first = await openFileStorage(dir);
    const registry = createRegistry({ storage: first.storage });
    await registry.register('a', '"int"');
    const afterA = readFileSync(first.logPath).length;
    await registry.register('b', '"long"');
    await first.close();
    const bytes = readFileSync(first.logPath);
    bytes[afterA + 12] = (bytes[afterA + 12] as number) ^ 0xff;
    writeFileSync(first.logPath, bytes);
    const warnings: string[] = [];
    const second = await openFileStorage(dir, { onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([`${first.logPath}: dropped a record whose checksum does not match at byte ${afterA} (a write that was never acknowledged, or a damaged disk); everything before it is loaded`]);
    const reader = createRegistry({ storage: second.storage });
    expect(await reader.listSubjects()).toEqual(['a']);
    // What damage destroyed is gone, its id with it (a crash alone only ever loses unacknowledged writes).
    expect(await reader.register('c', '"bytes"')).toMatchObject({ id: 2 });
    await second.close();
  });

  it('keeps levels, global config, soft deletes and ids through a reopen; a hard-deleted id is never given again', async () => {
    const dir = tempFolder();
    const first = await openFileStorage(dir);
    const writer = createRegistry({ storage: first.storage });
    await writer.setConfig(null, { compatibility: 'FULL_TRANSITIVE' });
    await writer.setConfig('s', { compatibility: 'NONE', normalize: true });
    await writer.register('s', '"int"');
    await writer.register('s', '"string"');
    await writer.register('gone', '"long"');
    await writer.deleteVersion('s', 1);
    await writer.deleteSubject('gone');
    await writer.deleteSubject('gone', { permanent: true });
    await first.close();
    const second = await openFileStorage(dir);
    const reader = createRegistry({ storage: second.storage });
    expect([await reader.getConfig(null), await reader.getConfig('s')]).toEqual([{ compatibility: 'FULL_TRANSITIVE' }, { compatibility: 'NONE', normalize: true }]);
    expect([await reader.listVersions('s'), await reader.listVersions('s', { deleted: true })]).toEqual([[2], [1, 2]]);
    expect(await reader.listSubjects({ deleted: true })).toEqual(['s']);
    expect(await reader.register('n', '"bytes"')).toMatchObject({ id: 4, version: 1 });
    await second.close();
  });

  it('refuses a folder that is a symbolic link, a log that is one, a folder in use, and the other mode', async () => {
    const root = tempFolder();
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(await refusal(openFileStorage(join(root, 'link')))).toBe(`${join(root, 'link')}: it is a symbolic link: schema-compat never writes through one`);
    mkdirSync(join(root, 'logged'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'logged', 'registry.log'));
    expect(await refusal(openFileStorage(join(root, 'logged')))).toBe(`${join(root, 'logged', 'registry.log')}: it is a symbolic link: schema-compat never writes through one`);
    await (await openFileStorage(join(root, 'real'))).close();
    // A lock held by a live process (this test's parent) is refused; one whose process is gone is taken over.
    writeFileSync(join(root, 'real', 'registry.lock'), String(process.ppid));
    expect(await refusal(openFileStorage(join(root, 'real')))).toBe(`${join(root, 'real')}: it is in use by process ${process.ppid} (another schema-compat serve); stop it first`);
    writeFileSync(join(root, 'real', 'registry.lock'), '999999999');
    expect(await refusal(openFileStorage(join(root, 'real'), { mode: 'pulsar' }))).toBe(`${join(root, 'real', 'registry.log')}: it holds a confluent-mode registry; start it with --mode confluent (or another folder)`);
  });
});
