import { afterAll, describe, expect, it } from 'vitest';
import { GitRepo } from '../support/git-repo.js';
import { cliIn } from './support.js';

// A missing union branch names its field (issue 22 item 10): Java's location is a pointer into the
// writer's union (`/fields/1/type/fields/0/type/2`), which the text output turns into the field it
// lies in, with its record's full name.

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const order = (branches: readonly string[]): string => JSON.stringify({
  type: 'record', name: 'Order', namespace: 'shop',
  fields: [{ name: 'id', type: 'string' }, { name: 'payment', type: { type: 'record', name: 'Payment', fields: [{ name: 'method', type: ['null', ...branches] }] } }],
});

describe('MISSING_UNION_BRANCH in text output', () => {
  it('names the field in both directions, and only for that finding', async () => {
    const repo = GitRepo.create();
    cleanups.push(() => repo.remove());
    repo.write('v1.avsc', order(['string', 'int']));
    repo.write('v2.avsc', order(['string']));
    const backward = await cliIn(repo.dir, ['check', 'v2.avsc', 'v1.avsc']);
    expect(backward.code).toBe(1);
    expect(backward.stdout.split('\n').slice(4, 7)).toEqual([
      '  MISSING_UNION_BRANCH at /fields/1/type/fields/0/type/2 (BACKWARD: the candidate reads data written with version 1)',
      '    field: shop.Payment.method',
      '    The new schema is missing a type inside a union field at path \'/fields/1/type/fields/0/type/2\' in the old schema',
    ]);
    const forward = await cliIn(repo.dir, ['check', '--strategy', 'FORWARD', 'v1.avsc', 'v2.avsc']);
    expect(forward.stdout).toContain('(FORWARD: version 1 reads data written with the candidate)\n    field: shop.Payment.method\n');
    repo.write('v3.avsc', JSON.stringify({ type: 'record', name: 'Order', namespace: 'shop', fields: [{ name: 'id', type: 'int' }] }));
    const other = await cliIn(repo.dir, ['check', 'v3.avsc', 'v1.avsc']);
    expect(other.code).toBe(1);
    expect(other.stdout).not.toContain('field:');
  });
});
