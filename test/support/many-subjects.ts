import { GitRepo } from './git-repo.js';

// A repository of several Avro subjects for runs that check them at once (`--jobs`, `concurrency`):
// a real git repository with ten commits on main, a tag every two commits, a shared named type
// (schemas/common/money.avsc) that changes and that three subjects use, a file renamed halfway, and a
// work tree in which each subject ends up differently:
//
//   schemas/subjects/alpha.avsc    compatible change (a field with a default), uses Money
//   schemas/subjects/beta.avsc     breaking change (a field without a default)
//   schemas/subjects/gamma.avsc    does not parse (an error of its own)
//   schemas/subjects/delta.avsc    unchanged since its last commit, uses Money
//   schemas/subjects/epsilon.avsc  renamed from schemas/subjects/old-epsilon.avsc at commit 6
//   schemas/subjects/zeta.avsc     breaking change (a field's type narrowed), uses Money
//   schemas/subjects/eta.avsc      unchanged
//   schemas/subjects/theta.avsc    new in the work tree: a new subject
//   schemas/subjects/iota.avsc     added at commit 9, after the last tag but one

/** The subjects' file names, in the order the configuration lists them (by path). */
export const MANY_SUBJECTS = ['alpha', 'beta', 'delta', 'epsilon', 'eta', 'gamma', 'iota', 'theta', 'zeta'] as const;

function record(name: string, fields: ReadonlyArray<Record<string, unknown>>): string {
  return `${JSON.stringify({ type: 'record', name, namespace: 'shop.subjects', fields }, null, 2)}\n`;
}

function money(version: number): string {
  const extra = Array.from({ length: version }, (_, i) => ({ name: `note${i}`, type: ['null', 'string'], default: null }));
  return `${JSON.stringify({ type: 'record', name: 'Money', namespace: 'shop.common', fields: [{ name: 'cents', type: 'long' }, ...extra] }, null, 2)}\n`;
}

const optional = (name: string): Record<string, unknown> => ({ name, type: ['null', 'string'], default: null });
const MONEY = { name: 'total', type: 'shop.common.Money' };

/** A subject's record at `version`: `id`, one optional field per version after the first, and Money when it uses it. */
function subject(name: string, version: number, usesMoney = false): string {
  return record(name, [{ name: 'id', type: 'long' }, ...(usesMoney ? [MONEY] : []), ...Array.from({ length: version - 1 }, (_, i) => optional(`added${i + 1}`))]);
}

export const MANY_CONFIG = [
  'defaults:',
  '  strategy: BACKWARD_TRANSITIVE',
  '  against: git-log:main',
  '  subject: "{name}-value"',
  'subjects:',
  '  - files: "schemas/subjects/*.avsc"',
  'references:',
  '  - schemas/common/**',
  '',
].join('\n');

/** Builds the repository described above in a new temporary folder. */
export function buildManySubjects(): GitRepo {
  const repo = GitRepo.create('schema-compat-many-');
  const path = (name: string): string => `schemas/subjects/${name}.avsc`;
  const commits: ReadonlyArray<Readonly<Record<string, string>>> = [
    { 'schemas/common/money.avsc': money(0), [path('alpha')]: subject('Alpha', 1, true), [path('beta')]: subject('Beta', 1), [path('old-epsilon')]: subject('Epsilon', 1) },
    { [path('gamma')]: subject('Gamma', 1), [path('delta')]: subject('Delta', 1, true), [path('eta')]: subject('Eta', 1) },
    { [path('alpha')]: subject('Alpha', 2, true), [path('zeta')]: subject('Zeta', 1, true), [path('old-epsilon')]: subject('Epsilon', 2) },
    { 'schemas/common/money.avsc': money(1), [path('beta')]: subject('Beta', 2), [path('gamma')]: subject('Gamma', 2) },
    { [path('delta')]: subject('Delta', 2, true), [path('zeta')]: subject('Zeta', 2, true), [path('eta')]: subject('Eta', 2) },
    {},
    { [path('alpha')]: subject('Alpha', 3, true), [path('beta')]: subject('Beta', 3), [path('epsilon')]: subject('Epsilon', 3) },
    { 'schemas/common/money.avsc': money(2), [path('zeta')]: subject('Zeta', 3, true) },
    { [path('iota')]: subject('Iota', 1), [path('gamma')]: subject('Gamma', 3) },
    { [path('delta')]: subject('Delta', 3, true), [path('iota')]: subject('Iota', 2) },
  ];
  commits.forEach((files, i) => {
    // Commit 6 renames old-epsilon to epsilon (git's rename detection: the content barely changes).
    if (i === 5) repo.git('mv', path('old-epsilon'), path('epsilon'));
    repo.commit(`commit ${i + 1}`, i === 0 ? { ...files, '.schema-compat.yaml': MANY_CONFIG } : files);
    if (i % 2 === 1) repo.git('tag', `v1.${(i - 1) / 2}.0`);
  });
  repo.write(path('alpha'), subject('Alpha', 4, true));
  repo.write(path('beta'), record('Beta', [{ name: 'id', type: 'long' }, optional('added1'), optional('added2'), { name: 'required', type: 'string' }]));
  repo.write(path('gamma'), '{"type": "record", "name": "Gamma", "fields": [');
  repo.write(path('zeta'), record('Zeta', [{ name: 'id', type: 'int' }, MONEY, optional('added1'), optional('added2')]));
  repo.write(path('theta'), subject('Theta', 1));
  return repo;
}
